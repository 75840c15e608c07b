// The reference frontend: a lobby, a game (seating, play, live updates, log) and a replay, each
// a screen chosen by the address's fragment (#/, #/game/<id>, #/replay/<id>). It talks to the
// REST API only, with the token this browser holds for the game, so it shows what that token
// may see and nothing more.

import { api, Problem } from "./api.js";
import {
  awaitingWords,
  renderBuildings,
  renderFacts,
  renderHand,
  renderPlayers,
  renderResult,
  renderTable,
  sortActions,
} from "./board.js";
import { h, rerender, show } from "./dom.js";
import { remember, remembered, rememberedGames } from "./seats.js";
import { EVENT_TYPES, Words, capital, plural } from "./words.js";

const $ = (id) => document.getElementById(id);
const GAME_ID = "[0-9a-fA-F-]{36}";
const RETRY_MS = 2000;
let catalog = null;
let screen = null; // the screen on show; it is stopped before another opens

// -- problems and announcements -----------------------------------------------------------------

function report(error) {
  const box = $("problem");
  if (!(error instanceof Problem)) {
    box.replaceChildren(h("p", { text: `Something went wrong: ${error?.message ?? error}` }));
    return;
  }
  const rule = error.rule
    ? h("p", {}, "Refused by rule ", h("strong", { class: "rule", dataset: { rule: error.rule }, text: error.rule }))
    : null;
  const params = error.invalidParams.map((p) => h("li", { text: `${p.name ?? ""} ${p.reason ?? ""}`.trim() }));
  box.replaceChildren(
    h("p", { class: "problem-title", text: `${error.title}${error.status ? ` (${error.status})` : ""}` }),
    rule,
    error.detail ? h("p", { class: "problem-detail", text: error.detail }) : null,
    params.length ? h("ul", {}, params) : null,
    h("button", { type: "button", class: "dismiss", onclick: clearProblem, text: "Dismiss" }),
  );
  box.dataset.status = String(error.status);
  if (error.rule) box.dataset.rule = error.rule;
  else delete box.dataset.rule;
}

function clearProblem() {
  const box = $("problem");
  box.replaceChildren();
  delete box.dataset.rule;
  delete box.dataset.status;
}

function announce(text) {
  $("announce").textContent = text;
}

// -- screens --------------------------------------------------------------------------------------

function showScreen(id) {
  for (const section of document.querySelectorAll(".screen")) show(section, section.id === id);
}

function route() {
  screen?.stop();
  screen = null;
  clearProblem();
  const game = location.hash.match(new RegExp(`^#/game/(${GAME_ID})$`));
  const replay = location.hash.match(new RegExp(`^#/replay/(${GAME_ID})$`));
  if (game) screen = new GameScreen(game[1]);
  else if (replay) screen = new ReplayScreen(replay[1]);
  else screen = new LobbyScreen();
  screen.start().catch(report);
}

function go(hash) {
  if (location.hash === hash) route();
  else location.hash = hash;
}

// -- lobby ----------------------------------------------------------------------------------------

class LobbyScreen {
  async start() {
    showScreen("lobby-screen");
    document.title = "Dodge City: lobby";
    this.decks();
    this.botRows();
    await this.lists();
  }

  stop() {}

  // The decks this server knows, from the catalog (the page's list is only a fallback).
  decks() {
    const select = $("create-deck");
    const chosen = select.value;
    const names = Object.keys(catalog.decks);
    if (!names.length) return;
    select.replaceChildren(
      ...names.map((name) =>
        h("option", {
          value: name,
          selected: name === chosen,
          text: `${name} (${plural(catalog.decks[name].length, "card")})`,
        }),
      ),
    );
  }

  // One row per seat: bots first (the API seats them first), people after.
  botRows() {
    const count = Number($("create-players").value);
    const box = $("create-bots");
    const kept = [...box.querySelectorAll("select")].map((s) => s.value);
    box.replaceChildren(
      ...Array.from({ length: count }, (_, seat) => {
        const id = `create-seat-${seat}`;
        const fallback = seat < count - 1 ? "heuristic" : "person";
        const value = kept[seat] ?? fallback;
        return h(
          "div",
          { class: "field-row" },
          h("label", { for: id, text: `Seat ${seat + 1}` }),
          h(
            "select",
            { id, name: `seat-${seat}` },
            [
              ["person", "Person (open seat)"],
              ["heuristic", "Heuristic bot (plays to win)"],
              ["random", "Random bot"],
            ].map(([v, text]) => h("option", { value: v, selected: v === value, text })),
          ),
        );
      }),
    );
  }

  async create(form) {
    const data = new FormData(form);
    const name = String(data.get("name") ?? "").trim();
    const bots = [...$("create-bots").querySelectorAll("select")]
      .map((s) => s.value)
      .filter((kind) => kind !== "person")
      .map((kind) => ({ kind }));
    const body = {
      players: Number(data.get("players")),
      bots,
      variants: {
        deck: String(data.get("deck")),
        landmarks_bridge: data.get("landmarks_bridge") !== null,
        picture_may_claim: data.get("picture_may_claim") !== null,
        challenge_optional: data.get("challenge_optional") !== null,
        max_passes: Number(data.get("max_passes") || 30),
      },
    };
    const seed = String(data.get("seed") ?? "").trim();
    if (seed) body.seed = seed;
    const created = await api.createGame(body);
    remember(created.game_id, { host: created.host_token });
    if (name) {
      const seat = await api.join(created.game_id, { name });
      remember(created.game_id, { token: seat.token, seat: seat.seat, name });
    }
    go(`#/game/${created.game_id}`);
  }

  async lists() {
    const item = (game, withReplay) =>
      h(
        "li",
        { dataset: { gameId: game.game_id } },
        h("a", { href: `#/game/${game.game_id}`, text: gameLabel(game) }),
        withReplay ? [" · ", h("a", { href: `#/replay/${game.game_id}`, text: "replay" })] : null,
      );
    const fill = async (id, status, empty) => {
      try {
        const page = await api.listGames(status);
        $(id).replaceChildren(
          page.items.length
            ? h("ul", { class: "game-list" }, page.items.map((g) => item(g, status !== "lobby")))
            : h("p", { class: "quiet", text: empty }),
        );
      } catch (error) {
        $(id).replaceChildren(h("p", { class: "quiet", text: `Could not load: ${error.message}` }));
      }
    };
    const mine = rememberedGames();
    $("my-games").replaceChildren(
      mine.length
        ? h(
            "ul",
            { class: "game-list" },
            mine.slice(0, 10).map((g) =>
              h(
                "li",
                {},
                h("a", {
                  href: `#/game/${g.gameId}`,
                  text: `${g.name ? `${g.name} in ` : "hosting "}game ${g.gameId.slice(0, 8)}`,
                }),
              ),
            ),
          )
        : h("p", { class: "quiet", text: "None yet." }),
    );
    await Promise.all([
      fill("open-games", "lobby", "No open games: create one."),
      fill("running-games", "running", "None."),
      fill("ended-games", "ended", "None."),
    ]);
  }
}

function gameLabel(game) {
  const names = game.players.length ? game.players.join(", ") : "nobody yet";
  const seats = `${game.players.length} of ${game.max_players} seats`;
  if (game.status === "lobby") return `${game.game_id.slice(0, 8)}: ${seats} (${names})`;
  if (game.status === "running") return `${game.game_id.slice(0, 8)}: pass ${game.pass_number} (${names})`;
  return `${game.game_id.slice(0, 8)}: ended (${names})`;
}

// -- a game -------------------------------------------------------------------------------------

class GameScreen {
  constructor(id) {
    this.id = id;
    this.mine = remembered(id);
    this.view = null;
    this.words = null;
    this.busy = false;
    this.open = null; // the square whose choices are shown
    this.logAfter = 0;
    this.chain = Promise.resolve();
    this.queued = null;
    this.stopped = false;
    this.source = null;
    this.retry = null;
    this.lastPrompt = "";
  }

  get token() {
    return this.mine.token ?? null;
  }

  async start() {
    showScreen("game-screen");
    document.title = "Dodge City: game";
    $("game-title").textContent = `Game ${this.id.slice(0, 8)}`;
    $("replay-link").href = `#/replay/${this.id}`;
    $("log").replaceChildren();
    $("game-screen").dataset.gameId = this.id;
    delete $("game-screen").dataset.version;
    delete $("game-screen").dataset.status;
    await this.refresh();
    this.listen();
  }

  stop() {
    this.stopped = true;
    this.source?.close();
    clearTimeout(this.retry);
  }

  // The stream is read as a spectator: EventSource cannot send the Authorization header, and
  // the token must not travel in a URL (logs, history). It only says "something changed"; the
  // seat's own view is then fetched with the token.
  listen() {
    if (this.stopped || this.view?.status === "ended" || this.source) return;
    const source = new EventSource(api.streamUrl(this.id, this.view?.version ?? 0));
    const changed = () => this.refresh();
    for (const type of EVENT_TYPES) source.addEventListener(type, changed);
    source.addEventListener("message", changed);
    source.addEventListener("error", () => {
      if (source.readyState !== EventSource.CLOSED) return; // the browser reconnects itself
      source.close();
      this.source = null;
      // Closed for good (204 after the end, or a refused reconnection): look again shortly.
      this.retry = setTimeout(() => {
        if (this.stopped) return;
        this.refresh();
        this.listen();
      }, RETRY_MS);
    });
    this.source = source;
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
      } else throw error;
    }
    this.accept(view);
    await this.loadLog();
    if (this.view.status === "ended") this.source?.close();
  }

  accept(view) {
    // An answer for a screen already left must not draw over the next one, and a slower,
    // older answer must not undo a newer one.
    if (this.stopped || (this.view && view.version < this.view.version)) return;
    this.view = view;
    this.words = new Words(catalog, view);
    this.render();
  }

  async loadLog() {
    for (;;) {
      if (this.stopped) return;
      const page = await api.narration(this.id, this.token, this.logAfter, 200);
      if (this.stopped) return;
      const fresh = page.entries.filter((entry) => entry.version > this.logAfter);
      if (fresh.length) {
        const log = $("log");
        const atEnd = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
        log.append(
          ...fresh.map((entry) =>
            h(
              "li",
              { dataset: { version: String(entry.version), type: entry.type } },
              h("span", { class: "version", "aria-hidden": "true", text: String(entry.version) }),
              " ",
              entry.text,
            ),
          ),
        );
        this.logAfter = fresh.at(-1).version;
        if (atEnd) log.scrollTop = log.scrollHeight;
      }
      if (page.next_after === null || page.next_after === undefined) return;
    }
  }

  myDecision() {
    const view = this.view;
    return view.awaiting.find((d) => d.seat === view.viewer) ?? null;
  }

  render() {
    const view = this.view;
    const words = this.words;
    const root = $("game-screen");
    root.dataset.version = String(view.version);
    root.dataset.status = view.status;
    root.setAttribute("aria-busy", String(this.busy));

    const me = view.viewer === null ? null : view.players[view.viewer];
    $("game-who").textContent = me
      ? `You play ${me.name}, seat ${me.seat} (${me.colour}).${this.mine.host ? " You host this game." : ""}`
      : this.mine.host
        ? "You host this game and watch it (no seat)."
        : "You watch as a spectator: nobody's cards are shown until the end.";
    rerender($("facts"), () => renderFacts(view, words));

    this.renderSeating();
    const interact = this.interaction();
    rerender($("hand"), () => renderHand(view, words, interact), $("move-title"));
    show($("hand-panel"), Boolean(me?.hand) && view.status === "running");
    rerender($("board"), () => renderBuildings(view, catalog, words, interact), $("move-title"));
    rerender($("players"), () => renderPlayers(view, words));
    rerender($("table"), () => renderTable(view, words));
    this.renderMove(interact);

    const result = renderResult(view, words);
    show($("result"), Boolean(result));
    if (result) rerender($("result-body"), () => result);
  }

  // What the seat may do now, for the drawing code; null when it may do nothing.
  interaction() {
    const view = this.view;
    if (view.status !== "running" || view.viewer === null || !view.actions.length) return null;
    return {
      actions: view.actions,
      sorted: sortActions(view.actions),
      decision: this.myDecision(),
      busy: this.busy,
      open: this.open,
      claimed: new Set(),
      choose: (indices, key) => this.choose(indices, key),
    };
  }

  renderSeating() {
    const view = this.view;
    const lobby = view.status === "lobby";
    show($("seating"), lobby);
    if (!lobby) return;
    const seats = [];
    for (let seat = 0; seat < view.max_players; seat += 1) {
      const p = view.players[seat];
      seats.push(
        h(
          "li",
          { dataset: { seat: String(seat) } },
          p
            ? `${p.name} (${p.colour})${p.bot ? `, ${p.bot} bot` : ""}${seat === view.viewer ? " — you" : ""}`
            : "open seat",
        ),
      );
    }
    rerender($("seats"), () => seats);
    const free = view.players.length < view.max_players;
    show($("join-form"), free && view.viewer === null);
    show($("bot-form"), free && Boolean(this.mine.host));
    show($("start-row"), Boolean(this.mine.host));
    $("start-game").disabled = view.players.length < 2;
    $("start-hint").textContent =
      view.players.length < 2 ? "At least two seats must be taken." : free ? "Open seats stay empty." : "";
  }

  renderMove(interact) {
    const view = this.view;
    const words = this.words;
    const playing = view.status === "running" && view.viewer !== null;
    show($("move"), playing);
    if (!playing) return;
    const decision = this.myDecision();
    $("move-title").textContent = decision ? "Your move" : "Waiting";
    $("move-what").textContent = decision
      ? `You ${words.decision(decision)}.${interact?.sorted.fields.size ? " Squares marked + × → or $ on the board are moves too." : ""}`
      : `Waiting for ${awaitingWords(view, words)}.`;

    const buttons = [];
    if (interact) {
      view.actions.forEach((request, index) => {
        if (interact.claimed.has(index)) return;
        const label = words.action(request.action, decision);
        buttons.push(
          h("button", {
            type: "button",
            class: `act act-${request.action.kind}`,
            "aria-disabled": this.busy ? "true" : null,
            dataset: { key: `button:${JSON.stringify(request.action)}`, actionIndex: String(index) },
            onclick: () => this.choose([index], null),
            text: label,
          }),
        );
      });
    }
    rerender($("move-buttons"), () => buttons, $("move-title"));
    this.renderChoices(interact);

    const prompt = decision ? `Your move: ${words.decision(decision)}` : "";
    if (prompt && prompt !== this.lastPrompt) announce(prompt);
    this.lastPrompt = prompt;
  }

  // A square with several moves (the figure that claims a building) asks which one.
  renderChoices(interact) {
    const box = $("choices");
    const indices = this.open && interact ? interact.sorted.fields.get(this.open.replace(/^field:/, "")) : null;
    if (!indices || indices.length < 2) {
      this.open = null;
      show(box, false);
      box.replaceChildren();
      return;
    }
    show(box, true);
    const decision = this.myDecision();
    rerender(box, () => [
      h("p", { text: "Choose:" }),
      ...indices.map((index) =>
        h("button", {
          type: "button",
          class: "choice",
          "aria-disabled": this.busy ? "true" : null,
          dataset: { key: `choice:${index}`, choiceIndex: String(index) },
          onclick: () => this.send(this.view.actions[index]),
          text: capital(this.words.action(this.view.actions[index].action, decision)),
        }),
      ),
      h("button", { type: "button", class: "cancel", onclick: () => this.closeChoices(), text: "Cancel" }),
    ]);
  }

  closeChoices() {
    const key = this.open;
    this.open = null;
    this.render();
    document.querySelector(`[data-key="${CSS.escape(key ?? "")}"]`)?.focus();
  }

  choose(indices, key) {
    if (this.busy) return;
    if (indices.length === 1) {
      this.send(this.view.actions[indices[0]]);
      return;
    }
    this.open = key?.startsWith("field:") ? key : `field:${key}`;
    this.render();
    $("choices").querySelector("button")?.focus();
  }

  async send(request) {
    if (this.busy || !this.token) return;
    this.busy = true;
    this.open = null;
    clearProblem();
    this.render();
    try {
      this.accept(await api.act(this.id, this.token, request));
    } catch (error) {
      report(error);
    } finally {
      this.busy = false;
      this.render();
      this.refresh(); // the log, and anything a bot did at once
    }
  }

  async join(name) {
    const seat = await api.join(this.id, { name });
    this.mine = remember(this.id, { token: seat.token, seat: seat.seat, name });
    announce(`You took seat ${seat.seat}.`);
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

// -- replay ---------------------------------------------------------------------------------------

class ReplayScreen {
  constructor(id) {
    this.id = id;
    this.mine = remembered(id);
    this.latest = 0;
    this.version = 0;
    this.told = new Map();
    this.ticket = 0;
  }

  get token() {
    return this.mine.token ?? null;
  }

  async start() {
    showScreen("replay-screen");
    document.title = "Dodge City: replay";
    $("replay-title").textContent = `Replay of game ${this.id.slice(0, 8)}`;
    $("back-to-game").href = `#/game/${this.id}`;
    $("replay-screen").dataset.gameId = this.id;
    show($("as-played-row"), Boolean(this.token));
    $("as-played").checked = false;
    const now = await api.view(this.id, this.token);
    this.latest = now.version;
    $("replay-slider").max = String(this.latest);
    await this.show(Math.min(1, this.latest));
  }

  stop() {
    this.ticket += 1;
  }

  async words(version) {
    if (version === 0) return "Before the first event.";
    if (!this.told.has(version)) {
      const page = await api.narration(this.id, this.token, version - 1, 100);
      for (const entry of page.entries) this.told.set(entry.version, entry.text);
    }
    return this.told.get(version) ?? "";
  }

  async show(version) {
    version = Math.max(0, Math.min(this.latest, Math.round(version)));
    this.version = version;
    const ticket = ++this.ticket;
    $("replay-slider").value = String(version);
    $("replay-slider").setAttribute("aria-valuetext", `step ${version} of ${this.latest}`);
    $("replay-step").textContent = `Step ${version} of ${this.latest}`;
    $("replay-prev").disabled = version <= 0;
    $("replay-next").disabled = version >= this.latest;
    const [state, text] = await Promise.all([
      api.state(this.id, this.token, version, $("as-played").checked),
      this.words(version),
    ]);
    if (ticket !== this.ticket) return; // a later step was asked for meanwhile
    const words = new Words(catalog, state);
    const root = $("replay-screen");
    root.dataset.version = String(version);
    $("replay-words").textContent = text;
    $("replay-words").dataset.version = String(version);
    rerender($("replay-facts"), () => renderFacts(state, words));
    rerender($("replay-players"), () => renderPlayers(state, words, { allHands: true }));
    rerender($("replay-table"), () => renderTable(state, words));
    rerender($("replay-board"), () => renderBuildings(state, catalog, words, null));
  }
}

// -- wiring ---------------------------------------------------------------------------------------

function busyWhile(button, work) {
  return async (event) => {
    event.preventDefault();
    clearProblem();
    const control = button ?? event.submitter;
    if (control) control.disabled = true;
    try {
      await work(event);
    } catch (error) {
      report(error);
    } finally {
      if (control) control.disabled = false;
    }
  };
}

function wire() {
  $("skip").addEventListener("click", (event) => {
    event.preventDefault();
    const target = screen instanceof GameScreen && !$("move").hidden ? $("move-title") : $("main");
    target.focus();
  });
  $("create-players").addEventListener("change", () => screen?.botRows?.());
  $("create-form").addEventListener(
    "submit",
    busyWhile(null, (event) => screen.create(event.target)),
  );
  $("lobby-refresh").addEventListener("click", busyWhile($("lobby-refresh"), () => screen.lists()));
  $("watch-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const id = new FormData(event.target).get("game").trim();
    if (new RegExp(`^${GAME_ID}$`).test(id)) go(`#/game/${id}`);
    else report(new Problem(0, { title: "Not a game id", detail: "a game id looks like 8-4-4-4-12 hex digits" }));
  });
  $("join-form").addEventListener(
    "submit",
    busyWhile(null, (event) => screen.join(new FormData(event.target).get("name").trim())),
  );
  $("bot-form").addEventListener(
    "submit",
    busyWhile(null, (event) => screen.addBot(new FormData(event.target).get("kind"))),
  );
  $("start-game").addEventListener("click", busyWhile($("start-game"), () => screen.startGame()));
  $("manual-form").addEventListener(
    "submit",
    busyWhile(null, () => screen.sendTyped($("manual-body").value)),
  );
  $("copy-link").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      announce("The game's link is copied.");
    } catch {
      announce(`The game's link: ${location.href}`);
    }
  });
  $("replay-prev").addEventListener("click", () => screen.show(screen.version - 1).catch(report));
  $("replay-next").addEventListener("click", () => screen.show(screen.version + 1).catch(report));
  $("replay-slider").addEventListener("input", (event) =>
    screen.show(Number(event.target.value)).catch(report),
  );
  $("as-played").addEventListener("change", () => screen.show(screen.version).catch(report));
  window.addEventListener("hashchange", route);
}

async function main() {
  wire();
  try {
    catalog = await api.catalog();
  } catch (error) {
    report(error);
    $("loading").textContent = "The game server does not answer. Reload the page to try again.";
    return;
  }
  $("loading").remove();
  route();
}

main();

