// One game, live: its seating while in the lobby, then its clock, the seat's moves, the game's
// module drawing its view, and the log. It reads with the token this browser holds for the game,
// so it shows what that token may see and nothing more.

import { announce, clearProblem, report } from "./alerts.js";
import { Problem, api } from "./api.js";
import { CLOCK_EVENT_TYPES, CLOCK_MESSAGE, clockEventWords } from "./clock.js";
import { ClockPanel } from "./clock-panel.js";
import { entitle, h, rerender, show, showScreen } from "./dom.js";
import { awaitingWords, botLabel, decisionWords, factsBar, seatName, seating, seatWords } from "./facts.js";
import { MoveQuestion } from "./choices.js";
import { loadGame } from "./rulesets.js";
import { remember, remembered } from "./seats.js";
import { capital, seatLabel } from "./text.js";

const $ = (id) => document.getElementById(id);
const RETRY_MS = 2000;
const MOVE_LINES = 4; // the log's lines told as the last move: the move and what it set off
// A game in either state changes no more: its stream closes.
const OVER = new Set(["ended", "abandoned"]);
// The clock's events worth a line beside the clock, when they happen while the screen shows.
const CLOCK_NEWS = new Set(["kernel.DecisionTimedOut", "kernel.SeatHandedToBot", "kernel.SeatTakenBack", "kernel.GameAbandoned"]);

// "Ann", "Ann and Bob", "Ann, Bob and Cy".
function listWords(items) {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

export class GameScreen {
  constructor(id) {
    this.id = id;
    this.mine = remembered(id);
    this.game = null; // the game's module and material, once its first view says which
    this.view = null;
    this.busy = false;
    this.claims = new Map(); // control key → the action indices the module drew on it
    this.logAfter = 0;
    this.events = []; // what the log has read, for a module that tells events itself
    this.chain = Promise.resolve();
    this.queued = null;
    this.stopped = false;
    this.source = null;
    this.retry = null;
    this.lastPrompt = "";
    this.lastMove = null; // the module's last move, once the log is read
    this.question = new MoveQuestion(this); // a control's several moves, asked step by step
    this.clock = null; // the game's clock (ClockView), from the latest view or stream message
    this.logRead = false; // the log read once: what it reads next happens while we watch
    this.abandoned = false; // the log told that the table was closed before the game started
    this.clockPanel = new ClockPanel({
      claim: (seat) => this.clockCall(() => api.claimTimeout(this.id, this.token ?? this.mine.host, seat)),
      handOver: (seat) => this.clockCall(() => api.handOver(this.id, this.mine.host, seat)),
      takeBack: () => this.clockCall(() => api.takeBack(this.id, this.token, this.view.viewer)),
      warn: (text) => announce(text),
    });
  }

  get token() {
    return this.mine.token ?? null;
  }

  async start() {
    showScreen("game-screen");
    entitle(`Game ${this.id.slice(0, 8)}`);
    $("game-title").textContent = `Game ${this.id.slice(0, 8)}`;
    $("replay-link").href = `#/replay/${this.id}`;
    // Nothing of the game shown before stays while this one loads, nor when it does not exist.
    $("log").replaceChildren();
    $("game-view").replaceChildren();
    $("facts").replaceChildren();
    $("seats").replaceChildren();
    $("game-who").textContent = "";
    delete $("game-view").dataset.layout;
    for (const id of ["seating", "move", "choices"]) show($(id), false);
    for (const id of ["game-view", "log-panel", "replay-link", "copy-link"]) show($(id), true);
    this.clockPanel.reset();
    const root = $("game-screen");
    root.dataset.gameId = this.id;
    delete root.dataset.version;
    delete root.dataset.status;
    delete root.dataset.ruleset;
    await this.refresh();
    this.listen();
  }

  stop() {
    this.stopped = true;
    this.source?.close();
    clearTimeout(this.retry);
    this.clockPanel.stop();
  }

  // A seat follows its own view live: its token is traded for a stream ticket (api.streamUrl),
  // never put in the URL; a spectator's stream needs none. A ticket opens one stream: when the
  // browser reconnects with it, it is refused, the source closes, and a new one is asked for.
  async listen() {
    if (this.stopped || !this.game || OVER.has(this.view?.status)) return;
    if (this.source || this.opening) return;
    this.opening = true;
    let url;
    try {
      url = await api.streamUrl(this.id, this.token, this.view?.version ?? 0);
    } catch {
      this.listenLater(); // no connection, or a token the game does not know (refresh says)
      return;
    } finally {
      this.opening = false;
    }
    if (this.stopped || this.source) return;
    const source = new EventSource(url);
    const changed = () => this.refresh();
    for (const type of [...this.game.module.eventTypes, ...CLOCK_EVENT_TYPES]) source.addEventListener(type, changed);
    source.addEventListener("message", changed);
    // The clock after each batch of events, its id the batch's last version: the deadlines
    // stay right between views.
    source.addEventListener(CLOCK_MESSAGE, (message) => {
      let clock;
      try {
        clock = JSON.parse(message.data);
      } catch {
        return; // not JSON: the next view brings the clock
      }
      this.acceptClock(clock, Number(message.lastEventId));
    });
    source.addEventListener("error", () => {
      if (source.readyState !== EventSource.CLOSED) return; // the browser reconnects itself
      source.close();
      this.source = null;
      // Closed for good (204 after the end, a used ticket, a refused reconnection): look again.
      this.listenLater();
    });
    this.source = source;
  }

  listenLater() {
    clearTimeout(this.retry);
    this.retry = setTimeout(() => {
      if (this.stopped) return;
      this.refresh();
      this.listen();
    }, RETRY_MS);
  }

  // One refresh at a time, and at most one more queued behind it, shared by everyone who asks
  // meanwhile: a burst of events (a bot's whole turn) becomes one or two fetches, and two
  // refreshes never append the same log entries. The queued one starts after the running one,
  // so it sees whatever its callers are waiting for.
  refresh() {
    if (!this.queued) {
      this.queued = this.chain.then(() => {
        this.queued = null;
        return this.refreshOnce();
      });
      this.chain = this.queued.catch(report);
    }
    return this.queued;
  }

  async refreshOnce() {
    if (this.stopped) return;
    let view;
    try {
      view = await api.view(this.id, this.token);
    } catch (error) {
      if (error instanceof Problem && error.status === 401 && this.token) {
        // A token this game does not know (another server's, an old database): watch instead.
        this.mine = { host: this.mine.host };
        report(error);
        view = await api.view(this.id, null);
      } else {
        if (error instanceof Problem && error.status === 404 && !this.view) this.missing();
        throw error;
      }
    }
    if (!this.game) await this.loadGame(view.ruleset);
    this.accept(view);
    const before = this.lastMove?.version;
    await this.loadLog();
    await this.loadEvents();
    this.lastMove = this.findLastMove();
    if (this.lastMove?.version !== before && !this.stopped) this.render();
    if (OVER.has(this.view.status)) this.source?.close();
  }

  // A game this server does not have: the problem says so, and no panel of a game shows.
  missing() {
    this.stopped = true;
    entitle("No such game");
    $("game-title").textContent = "No such game";
    for (const id of ["game-view", "log-panel", "replay-link", "copy-link", "seating", "move"]) show($(id), false);
    this.clockPanel.reset();
  }

  // A module that marks the last move but words no event itself reads the events for it too.
  async loadEvents() {
    const module = this.game.module;
    if (!module.lastMove || module.describeEvent) return;
    for (;;) {
      if (this.stopped) return;
      const after = this.events.at(-1)?.originator_version ?? 0;
      const page = await api.events(this.id, this.token, after, 500);
      this.events.push(...page.events.filter((event) => event.originator_version > after));
      if (page.next_after === null || page.next_after === undefined) return;
    }
  }

  // The last move the game's module finds in the events read, with the log's words for it; its
  // line in the log is marked.
  findLastMove() {
    const found = this.game.module.lastMove?.(this.events, this.view, this.game.material) ?? null;
    for (const line of $("log").querySelectorAll("li.last-move")) line.classList.remove("last-move");
    if (!found) return null;
    const line = $("log").querySelector(`li[data-version="${found.version}"]`);
    line?.classList.add("last-move");
    // The move's line and what followed it (the answers, the hits), a few lines at most.
    const lines = [...$("log").querySelectorAll("li")].filter((li) => Number(li.dataset.version) >= found.version);
    const told = lines.slice(0, MOVE_LINES).map((li) => capital(li.textContent.trim()));
    const text = `${told.join(" ")}${lines.length > MOVE_LINES ? " …" : ""}`;
    return { ...found, text };
  }

  async loadGame(ruleset) {
    const game = await loadGame(ruleset);
    if (this.stopped) return;
    this.game = game;
    entitle(`${game.title}: game ${this.id.slice(0, 8)}`);
    $("game-screen").dataset.ruleset = game.name;
    const kinds = game.listed?.bot_kinds ?? [];
    $("bot-kind").replaceChildren(...kinds.map((kind) => h("option", { value: kind, text: botLabel(kind) })));
  }

  accept(view) {
    // An answer for a screen already left must not draw over the next one, and a slower,
    // older answer must not undo a newer one.
    if (this.stopped || (this.view && view.version < this.view.version)) return;
    // A closed table's view may still say "lobby": its log says otherwise.
    this.view = this.abandoned && view.status === "lobby" ? { ...view, status: "abandoned" } : view;
    this.clock = view.clock ?? null;
    this.render();
  }

  // A clock older than the view shown (the view was read after its batch) is not drawn.
  acceptClock(clock, version) {
    if (this.stopped || !this.view || version < this.view.version) return;
    this.clock = clock;
    this.renderClock();
  }

  renderClock() {
    const view = this.view;
    this.clockPanel.draw({
      clock: this.clock,
      status: view.status,
      viewer: view.viewer,
      host: Boolean(this.mine.host),
      players: seating(this.game, view).players,
    });
  }

  // A claim, a hand-over or a take-back: its refusal shows with its rule, and the view and the
  // log are read again either way.
  async clockCall(work) {
    clearProblem();
    try {
      await work();
    } catch (error) {
      report(error);
    }
    await this.refresh();
  }

  async loadLog() {
    for (;;) {
      if (this.stopped) return;
      const page = await this.logPage(this.logAfter);
      if (this.stopped) return;
      const fresh = page.entries.filter((entry) => entry.version > this.logAfter);
      if (fresh.length) {
        if (!this.abandoned && fresh.some((entry) => entry.type === "kernel.GameAbandoned")) {
          this.abandoned = true;
          this.accept(this.view);
        }
        const news = fresh.findLast((entry) => CLOCK_NEWS.has(entry.type));
        if (news && this.logRead) this.clockPanel.news(news.text);
        const log = $("log");
        const atEnd = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
        // Each line opens the replay at its step.
        log.append(
          ...fresh.map((entry) =>
            h(
              "li",
              { dataset: { version: String(entry.version), type: entry.type } },
              h("a", { href: `#/replay/${this.id}/${entry.version}`, title: "Replay from here", text: capital(entry.text) }),
            ),
          ),
        );
        this.logAfter = fresh.at(-1).version;
        if (atEnd) log.scrollTop = log.scrollHeight;
      }
      if (page.next_after === null || page.next_after === undefined) break;
    }
    this.logRead = true;
    // The log's events may explain what the view alone cannot (a tie broken by the final duel).
    if (this.view?.status === "ended" && this.game.module.describeEvent) this.render();
  }

  // One page of the log as {entries: [{version, type, text}], next_after}. The clock's events
  // (the kernel's, for any game) are the shell's to word. A module that tells events itself
  // (``describeEvent``) words the others as the seat may see them, in the names of its printed
  // material; an event it does not know, or a module without it, takes the server's narration.
  async logPage(after) {
    const describe = this.game.module.describeEvent;
    if (!describe) {
      const page = await api.narration(this.id, this.token, after, 200);
      return { entries: await this.clockWords(page.entries, after), next_after: page.next_after };
    }
    const page = await api.events(this.id, this.token, after, 200);
    const fresh = page.events.filter((event) => event.originator_version > after);
    this.events.push(...fresh);
    const texts = fresh.map((event) => this.tellClock(event) ?? describe(event, this.view, this.game.material));
    let told = new Map();
    if (texts.includes(null)) {
      const narrated = await api.narration(this.id, this.token, after, 200);
      told = new Map(narrated.entries.map((entry) => [entry.version, entry.text]));
    }
    return {
      entries: fresh.map((event, index) => ({
        version: event.originator_version,
        type: event.type,
        text: texts[index] ?? told.get(event.originator_version) ?? event.type,
      })),
      next_after: page.next_after,
    };
  }

  tellClock(event) {
    return clockEventWords(event, (seat) => seatName(this.game, this.view, seat));
  }

  // The narration's entries, the clock's in the shell's words: their events are read for it
  // (narration entries carry no fields), only for a page that has any.
  async clockWords(entries, after) {
    if (!entries.some((entry) => CLOCK_EVENT_TYPES.includes(entry.type))) return entries;
    const page = await api.events(this.id, this.token, after, 200);
    const events = new Map(page.events.map((event) => [event.originator_version, event]));
    return entries.map((entry) => {
      const event = events.get(entry.version);
      const text = event ? this.tellClock(event) : null;
      return text ? { ...entry, text } : entry;
    });
  }

  myDecision() {
    const view = this.view;
    return view.awaiting.find((d) => d.seat === view.viewer) ?? null;
  }

  describeAction(action, decision) {
    return this.game.module.describeAction(action, decision, this.view, this.game.material);
  }

  render() {
    const view = this.view;
    const root = $("game-screen");
    root.dataset.version = String(view.version);
    root.dataset.status = view.status;
    root.setAttribute("aria-busy", String(this.busy));

    const me = view.viewer === null ? null : (seating(this.game, view).players[view.viewer] ?? null);
    const seatNote = me ? this.game.module.seatNote?.(me) : "";
    $("game-who").textContent = me
      ? `You play ${me.name}, ${seatLabel(me.seat)}${seatNote ? ` (${seatNote})` : ""}.${this.mine.host ? " You host this game." : ""}`
      : this.mine.host
        ? "You host this game and watch it (no seat)."
        : "You watch as a spectator: you see only what every player may see.";
    rerender($("facts"), () => factsBar(this.game, view));

    this.renderSeating();
    this.renderClock();
    this.claims = new Map();
    const interaction = this.interaction();
    const hint = this.game.module.render(view, {
      root: $("game-view"),
      material: this.game.material,
      mode: "play",
      interaction,
      focusFallback: $("move-title"),
      events: this.events,
      lastMove: this.lastMove ?? null,
      // A move the module builds itself (one the API does not list, such as a trade of the
      // player's own making): sent as a listed one, its refusal reported and answered.
      act: view.viewer === null || view.status !== "running" ? null : (request) => this.send(request),
    });
    this.renderMove(interaction, hint);
  }

  // What the seat may do now, for the game's module; null when it may do nothing. The module
  // claims the actions it draws as controls of its own (a square, a card) and calls ``choose``
  // with the control's key when one is used; the shell makes buttons of the rest.
  interaction() {
    const view = this.view;
    if (view.status !== "running" || view.viewer === null || !view.actions.length) return null;
    return {
      actions: view.actions,
      decision: this.myDecision(),
      busy: this.busy,
      open: this.question.open,
      claim: (key, indices) => this.claims.set(key, indices),
      choose: (key) => this.choose(key),
    };
  }

  renderSeating() {
    const view = this.view;
    const lobby = view.status === "lobby";
    const abandoned = view.status === "abandoned";
    show($("seating"), lobby || abandoned);
    show($("seating-note"), abandoned);
    $("seating-note").textContent = abandoned
      ? "This game was abandoned: it did not start in time, and nobody can join or start it now."
      : "";
    if (!lobby && !abandoned) return;
    const { players, max } = seating(this.game, view);
    const least = this.game.listed?.min_seats ?? 2;
    const seats = [];
    for (let seat = 0; seat < max; seat += 1) {
      const p = players[seat];
      const bot = p?.bot ? `, ${p.bot} bot` : "";
      const you = seat === view.viewer ? " — you" : "";
      const empty = abandoned ? "empty seat" : "open seat";
      seats.push(h("li", { dataset: { seat: String(seat) } }, p ? `${seatWords(this.game, p)}${bot}${you}` : empty));
    }
    rerender($("seats"), () => seats);
    const free = lobby && players.length < max;
    show($("join-form"), free && view.viewer === null);
    show($("bot-form"), free && Boolean(this.mine.host) && $("bot-kind").options.length > 0);
    show($("start-row"), lobby && Boolean(this.mine.host));
    $("start-game").disabled = players.length < least;
    $("start-hint").textContent =
      players.length < least ? `At least ${least} seats must be taken.` : free ? "Open seats stay empty." : "";
  }

  // The move panel says whose move it is in words, for seats and spectators alike: "Your move"
  // with the seat's moves as big buttons, or the name of whoever is awaited and what they decide.
  renderMove(interaction, hint) {
    const view = this.view;
    const running = view.status === "running";
    show($("move"), running);
    if (!running) return;
    show($("manual"), view.viewer !== null);
    const decision = this.myDecision();
    const doing = decision ? decisionWords(this.game, view, decision) : "";
    const others = view.awaiting.filter((d) => d.seat !== view.viewer);
    const otherNames = others.map((d) => seatName(this.game, view, d.seat));
    const theirs = others
      .map((d) => `${capital(seatName(this.game, view, d.seat))} must ${decisionWords(this.game, view, d)}.`)
      .join(" ");
    const away = view.viewer !== null && this.clock?.seats?.[view.viewer]?.stand_in
      ? "A computer player plays your seat while you are away: take it back under Clock, or by making a move of yours. "
      : "";
    $("move").dataset.state = decision ? "yours" : "waiting";
    $("move-title").textContent = decision ? "Your move" : others.length ? `${listWords(otherNames)}'s move` : "Waiting";
    if (decision) {
      const meanwhile = others.length ? ` At the same time: ${theirs}` : "";
      $("move-what").textContent = `${away}You must ${doing}.${interaction && hint ? ` ${hint}` : ""}${meanwhile}`;
    } else if (others.length) {
      const wait = view.viewer === null ? "" : " Your move comes when they are done.";
      $("move-what").textContent = `${away}${theirs}${wait}`;
    } else {
      $("move-what").textContent = `${away}Waiting for ${awaitingWords(this.game, view)}.`;
    }

    // The moves no control of the module's stands for: a button each, or one for a group of
    // moves that begin with the same step (an ability with many combinations), which asks the
    // rest step by step.
    const claimed = new Set([...this.claims.values()].flat());
    const groups = new Map();
    if (interaction) {
      view.actions.forEach((request, index) => {
        if (claimed.has(index)) return;
        const first = this.steps(request, decision)[0];
        const group = groups.get(first.key) ?? { first, indices: [] };
        group.indices.push(index);
        groups.set(first.key, group);
      });
    }
    const buttons = [...groups.values()].map(({ first, indices }) => {
      const only = indices.length === 1;
      const key = `button:${first.key}`;
      if (!only) this.claims.set(key, indices);
      return h("button", {
        type: "button",
        class: `act act-${view.actions[indices[0]].action.kind}`,
        "aria-disabled": this.busy ? "true" : null,
        "aria-haspopup": only ? null : "true",
        "aria-expanded": only ? null : String(this.question.open === key),
        dataset: { key, actionIndex: String(indices[0]) },
        onclick: () => (only ? this.send(view.actions[indices[0]]) : this.choose(key, [first.key])),
        text: only ? this.describeAction(view.actions[indices[0]].action, decision) : `${capital(first.text)} …`,
      });
    });
    rerender($("move-buttons"), () => buttons, $("move-title"));
    this.question.draw(interaction);

    const prompt = decision ? `Your move: ${doing}` : "";
    if (prompt && prompt !== this.lastPrompt) announce(prompt);
    this.lastPrompt = prompt;
  }

  // A move in steps, each {key, text, ask}: what (the card, the ability), then which cards, then
  // whom. The game's module says them (``actionSteps``); a move it does not split is one step.
  steps(request, decision) {
    const split = this.game.module.actionSteps?.(request.action, decision, this.view, this.game.material);
    if (split?.length) return split;
    return [{ key: JSON.stringify(request.action), text: this.describeAction(request.action, decision), ask: "Which move?" }];
  }

  // A control used: its one move is sent; its several are asked about, from ``path`` (the steps
  // its button already stands for).
  choose(key, path = []) {
    if (this.busy) return;
    const indices = this.claims.get(key) ?? [];
    if (indices.length === 1) this.send(this.view.actions[indices[0]]);
    else if (indices.length) this.question.ask(key, path);
  }

  // Sends ``request``; answers its refusal (a Problem, reported already), or null.
  async send(request) {
    if (this.busy || !this.token) return null;
    this.busy = true;
    this.question.reset();
    clearProblem();
    this.render();
    let refusal = null;
    try {
      this.accept(await api.act(this.id, this.token, request));
    } catch (error) {
      report(error);
      refusal = error;
    } finally {
      this.busy = false;
      this.render();
      this.refresh(); // the log, and anything a bot did at once
    }
    return refusal;
  }

  async join(name) {
    const seat = await api.join(this.id, { name });
    this.mine = remember(this.id, { token: seat.token, seat: seat.seat, name, ruleset: this.game?.name });
    announce(`You took ${seatLabel(seat.seat)}.`);
    await this.refresh();
  }

  async addBot(kind) {
    await api.addBot(this.id, this.mine.host, { kind });
    await this.refresh();
  }

  async startGame() {
    await api.start(this.id, this.mine.host);
    await this.refresh();
    this.listen();
  }

  // Anything typed into the JSON box goes through the same path as a button.
  async sendTyped(text) {
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      report(new Problem(0, { title: "Not JSON", detail: "the action request must be a JSON object" }));
      return;
    }
    await this.send(body);
  }
}
