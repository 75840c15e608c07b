// A game step by step: any version's state (as a spectator, or as this browser's seat saw it
// during play), drawn by the game's module, with the log's sentence for that step. It jumps by
// the game's own units (pass, round, turn: its module's replayMarks reads them off the events)
// and plays itself at a chosen speed.

import { report } from "./alerts.js";
import { api, call } from "./api.js";
import { entitle, h, rerender, show, showScreen } from "./dom.js";
import { factsBar } from "./facts.js";
import { loadGame } from "./rulesets.js";
import { remembered } from "./seats.js";
import { capital } from "./text.js";

const $ = (id) => document.getElementById(id);
const EVENTS_PAGE = 500; // the API's largest page
const NARRATION_PAGE = 100; // the narration's largest page
const MOVE_LINES = 4; // the log's lines told as the last move, as on the game screen
const LIVE_REGIONS = ["replay-step", "replay-where", "replay-words"];

// The game's events up to ``latest``, as the token may see them.
async function eventsUpTo(id, token, latest) {
  const events = [];
  let after = 0;
  while (after !== null && after !== undefined && after < latest) {
    const page = await call("GET", `/games/${encodeURIComponent(id)}/events?after=${after}&limit=${EVENTS_PAGE}`, { token });
    events.push(...page.events);
    after = page.next_after;
  }
  return events.filter((event) => event.originator_version <= latest);
}

// The module's marks as one list, oldest first: {version, unit, label}, and the units in the
// order they first appear (coarsest first, as each event lists them).
export function marksOf(module, events, material) {
  const perEvent = module.replayMarks?.(events, material) ?? [];
  const marks = [];
  const units = [];
  perEvent.forEach((begun, index) => {
    for (const { unit, label } of begun ?? []) {
      if (!units.includes(unit)) units.push(unit);
      marks.push({ version: events[index].originator_version, unit, label });
    }
  });
  return { marks, units };
}

export class ReplayScreen {
  // ``at``: the step to open at (a log line's), else the first.
  constructor(id, at = null) {
    this.id = id;
    this.at = at;
    this.mine = remembered(id);
    this.game = null;
    this.latest = 0;
    this.version = 0;
    this.told = new Map();
    this.ticket = 0;
    this.marks = [];
    this.units = [];
    this.events = [];
    this.playing = null; // the autoplay's timer while it plays
    this.stepping = false; // an autoplay step asked for and not yet drawn
    this.failed = (error) => report(error);
  }

  get token() {
    return this.mine.token ?? null;
  }

  async start() {
    showScreen("replay-screen");
    entitle(`Replay of game ${this.id.slice(0, 8)}`);
    $("replay-title").textContent = `Replay of game ${this.id.slice(0, 8)}`;
    $("back-to-game").href = `#/game/${this.id}`;
    $("replay-screen").dataset.gameId = this.id;
    delete $("replay-screen").dataset.ruleset;
    delete $("replay-screen").dataset.version;
    $("replay-view").replaceChildren();
    $("replay-jumps").replaceChildren();
    $("replay-where").textContent = "";
    $("replay-log").replaceChildren();
    delete $("replay-view").dataset.layout;
    show($("as-played-row"), Boolean(this.token));
    $("as-played").checked = false;
    this.showPlaying();
    const now = await api.view(this.id, this.token);
    const ticket = this.ticket;
    const [game, events] = await Promise.all([loadGame(now.ruleset), eventsUpTo(this.id, this.token, now.version)]);
    if (ticket !== this.ticket) return; // the screen was left meanwhile
    this.game = game;
    this.events = events;
    ({ marks: this.marks, units: this.units } = marksOf(game.module, events, game.material));
    $("replay-screen").dataset.ruleset = game.name;
    entitle(`${game.title}: replay of game ${this.id.slice(0, 8)}`);
    this.latest = now.version;
    $("replay-slider").max = String(this.latest);
    this.drawJumps();
    this.drawLog(events);
    await this.show(this.at ?? Math.min(1, this.latest));
    await this.tellAll();
    // The step shown first may have lacked the words of its last move: draw it again with them.
    if (!this.playingNow && !this.stopped) await this.show(this.version);
  }

  // The game's log beside the replay, one line an event: a line shows its step when clicked,
  // and the step shown is marked. Its words come as the narration is read (tellAll).
  drawLog(events) {
    $("replay-log").replaceChildren(
      ...events.map((event) =>
        h(
          "li",
          { dataset: { version: String(event.originator_version) } },
          h("button", {
            type: "button",
            class: "log-line",
            dataset: { key: `log:${event.originator_version}` },
            onclick: () => this.show(event.originator_version).catch(this.failed),
            text: `Event ${event.originator_version}`,
          }),
        ),
      ),
    );
  }

  // Every event's words, for the log: the narration read page by page.
  async tellAll() {
    let after = 0;
    while (after !== null && after !== undefined && after < this.latest) {
      const page = await api.narration(this.id, this.token, after, NARRATION_PAGE);
      if (this.stopped) return;
      for (const entry of page.entries) this.told.set(entry.version, entry.text);
      after = page.next_after;
    }
    for (const line of $("replay-log").children) {
      const text = this.told.get(Number(line.dataset.version));
      if (text) line.firstChild.textContent = capital(text);
      else line.hidden = true; // an event the narration does not tell (the seat's own view)
    }
    this.markLog(this.version);
  }

  // The step shown, marked in the log and scrolled to within it (not the page).
  markLog(version) {
    const log = $("replay-log");
    for (const line of log.querySelectorAll("[aria-current]")) line.removeAttribute("aria-current");
    const line = [...log.children].findLast((li) => !li.hidden && Number(li.dataset.version) <= version);
    if (!line) return;
    line.setAttribute("aria-current", "step");
    const top = line.offsetTop - log.offsetTop;
    if (top < log.scrollTop || top > log.scrollTop + log.clientHeight - line.offsetHeight) {
      log.scrollTop = top - log.clientHeight / 2;
    }
  }

  stop() {
    this.stopped = true;
    this.pause();
    this.ticket += 1;
  }

  // Two buttons per unit: to where the previous one began, and to where the next one begins;
  // and a list of the coarsest unit's beginnings ("Pass 7") to go to at once.
  drawJumps() {
    const coarsest = this.units[0];
    const goTo = coarsest
      ? h(
          "div",
          { class: "jump-group" },
          h("label", { for: "replay-goto", text: "Go to" }),
          h(
            "select",
            { id: "replay-goto", onchange: (event) => this.show(Number(event.target.value)).catch(this.failed) },
            h("option", { value: "0", text: "The beginning" }),
            this.marks
              .filter((mark) => mark.unit === coarsest)
              .map((mark) => h("option", { value: String(mark.version), text: mark.label })),
          ),
        )
      : null;
    $("replay-jumps").replaceChildren(
      ...[goTo].filter(Boolean),
      ...this.units.map((unit) =>
        h(
          "div",
          { class: "jump-group", role: "group", "aria-label": `By ${unit}` },
          h("button", {
            type: "button",
            dataset: { unit, direction: "previous" },
            onclick: () => this.jump(unit, -1),
            text: `◀ Previous ${unit}`,
          }),
          h("button", {
            type: "button",
            dataset: { unit, direction: "next" },
            onclick: () => this.jump(unit, 1),
            text: `Next ${unit} ▶`,
          }),
        ),
      ),
    );
  }

  // The version where the previous (-1) or next (1) ``unit`` begins, seen from ``version``; a
  // previous one is the start of the unit being shown, when it is not shown from its start.
  target(unit, direction, version = this.version) {
    const begins = this.marks.filter((mark) => mark.unit === unit).map((mark) => mark.version);
    return direction > 0 ? (begins.find((v) => v > version) ?? null) : (begins.findLast((v) => v < version) ?? null);
  }

  jump(unit, direction) {
    const version = this.target(unit, direction);
    if (version !== null) this.show(version).catch(this.failed);
  }

  // Where ``version`` is: the label of each unit under way, coarsest first ("Pass 2 · Setting
  // round 1 · Ann's turn"). A unit's beginning ends every finer one under way.
  where(version) {
    const current = new Map();
    for (const mark of this.marks) {
      if (mark.version > version) break;
      const rank = this.units.indexOf(mark.unit);
      for (const unit of this.units.slice(rank)) current.delete(unit);
      current.set(mark.unit, mark.label);
    }
    const labels = this.units.filter((unit) => current.has(unit)).map((unit) => current.get(unit));
    if (labels.length) return labels.join(" · ");
    return this.marks.length ? "Before play begins" : "";
  }

  // The last move up to ``version``, as the game screen marks it: the module's, with the log's
  // words for it and what it set off (a few lines).
  lastMoveAt(version) {
    const found = this.game.module.lastMove?.(this.events.filter((e) => e.originator_version <= version), null, this.game.material);
    if (!found) return null;
    const lines = [...this.told].filter(([v]) => v >= found.version && v <= version).sort(([a], [b]) => a - b);
    const told = lines.slice(0, MOVE_LINES).map(([, text]) => capital(text));
    return { ...found, text: `${told.join(" ")}${lines.length > MOVE_LINES ? " …" : ""}` };
  }

  // Where ``version`` is, counted in the game's units: "Round 3 of 11, turn 12 of 40, event 4 of
  // 9 in the turn"; by events alone for a game without units.
  stepWords(version) {
    if (!this.marks.length) return `Event ${version} of ${this.latest}`;
    const parts = [];
    for (const unit of this.units) {
      const begins = this.marks.filter((mark) => mark.unit === unit).map((mark) => mark.version);
      const index = begins.findLastIndex((v) => v <= version);
      if (index >= 0) parts.push(`${unit} ${index + 1} of ${begins.length}`);
    }
    if (!parts.length) return `Setting up: event ${version} of ${this.marks[0].version - 1}`;
    const finest = this.units.at(-1);
    const starts = this.marks.filter((mark) => mark.version <= version).map((mark) => mark.version);
    const from = Math.max(...starts);
    const next = this.marks.find((mark) => mark.version > version)?.version ?? this.latest + 1;
    const unit = this.units.findLast((u) => this.marks.some((mark) => mark.unit === u && mark.version === from)) ?? finest;
    parts.push(`event ${version - from + 1} of ${next - from} in the ${unit}`);
    return capital(parts.join(", "));
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
    if (!this.game) return; // still loading: the first step shows when it is ready
    version = Math.max(0, Math.min(this.latest, Math.round(version)));
    const ticket = ++this.ticket;
    this.point(version);
    const [state, text] = await Promise.all([
      api.state(this.id, this.token, version, $("as-played").checked),
      this.words(version),
    ]);
    if (ticket !== this.ticket) return; // a later step was asked for meanwhile
    $("replay-screen").dataset.version = String(version);
    $("replay-words").textContent = capital(text);
    $("replay-words").dataset.version = String(version);
    rerender($("replay-facts"), () => factsBar(this.game, state));
    this.game.module.render(state, {
      root: $("replay-view"),
      material: this.game.material,
      mode: "replay",
      interaction: null,
      lastMove: this.lastMoveAt(version),
    });
  }

  // The controls at ``version`` (the slider, the step, where it is, the jumps), set at once
  // while its state is read.
  point(version) {
    this.version = version;
    $("replay-slider").value = String(version);
    const where = this.where(version);
    $("replay-slider").setAttribute("aria-valuetext", `event ${version} of ${this.latest}${where ? `, ${where}` : ""}`);
    $("replay-step").textContent = this.stepWords(version);
    this.markLog(version);
    $("replay-where").textContent = where;
    $("replay-prev").disabled = version <= 0;
    $("replay-next").disabled = version >= this.latest;
    const goTo = $("replay-goto");
    if (goTo) goTo.value = String(this.target(this.units[0], -1, version + 1) ?? 0);
    for (const button of $("replay-jumps").querySelectorAll("button")) {
      button.disabled = this.target(button.dataset.unit, button.dataset.direction === "next" ? 1 : -1, version) === null;
    }
    // A button that just went out of use (the last pass reached) would drop focus to the top of
    // the page: the keyboard user keeps their place on the slider instead.
    if (document.activeElement?.disabled) $("replay-slider").focus({ preventScroll: true });
  }

  // Autoplay: one event on, then the next after the chosen pause, each only once the one before
  // is drawn (a slow answer delays the play; it never piles up). It stops at the last event.
  get playingNow() {
    return this.playing !== null;
  }

  toggle() {
    if (this.playingNow) this.pause();
    else this.play();
  }

  play() {
    if (!this.game || this.playingNow) return;
    if (this.version >= this.latest) this.show(0).catch(this.failed); // from the start again
    this.playing = setTimeout(() => this.tick(), this.pauseMs());
    this.showPlaying();
  }

  // Paused, the replay stays at the step it shows: a step the autoplay asked for and has not
  // drawn yet is dropped.
  pause() {
    clearTimeout(this.playing);
    this.playing = null;
    const drawn = Number($("replay-screen").dataset.version);
    if (this.stepping && Number.isInteger(drawn)) {
      this.ticket += 1;
      this.point(drawn);
    }
    this.stepping = false;
    this.showPlaying();
  }

  async tick() {
    if (!this.playingNow) return;
    if (this.version >= this.latest) {
      this.pause();
      return;
    }
    this.stepping = true;
    try {
      await this.show(this.version + 1);
    } catch (error) {
      this.pause();
      throw error;
    } finally {
      this.stepping = false;
    }
    if (this.playingNow) this.playing = setTimeout(() => this.tick().catch(this.failed), this.pauseMs());
  }

  pauseMs() {
    return 1000 / (Number($("replay-speed").value) || 1);
  }

  // The button says what it does next; live regions fall silent while the replay plays itself,
  // so a screen reader is not flooded with a sentence per event.
  showPlaying() {
    const playing = this.playingNow;
    const button = $("replay-play");
    button.setAttribute("aria-pressed", String(playing));
    button.textContent = playing ? "❚❚ Pause" : "▶ Play";
    for (const id of LIVE_REGIONS) $(id).setAttribute("aria-live", playing ? "off" : "polite");
    $("replay-screen").dataset.playing = String(playing);
  }

  // Keys anywhere on the screen but in a text field or a list to choose from: K plays and pauses,
  // J and L step back and on (the slider keeps its own arrow keys, Home and End).
  key(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return false;
    const field = event.target.closest?.("select, textarea, input:not([type='range'], [type='checkbox'])");
    if (field) return false;
    const step = { j: -1, l: 1 }[event.key.toLowerCase()];
    if (event.key.toLowerCase() === "k") this.toggle();
    else if (step) this.show(this.version + step).catch(this.failed);
    else return false;
    return true;
  }
}
