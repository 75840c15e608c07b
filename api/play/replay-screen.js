// A game step by step: any version's state (as a spectator, or as this browser's seat saw it
// during play), drawn by the game's module, with the log's sentence for that step.

import { api } from "./api.js";
import { entitle, rerender, show, showScreen } from "./dom.js";
import { factsBar } from "./facts.js";
import { loadGame } from "./rulesets.js";
import { remembered } from "./seats.js";

const $ = (id) => document.getElementById(id);

export class ReplayScreen {
  constructor(id) {
    this.id = id;
    this.mine = remembered(id);
    this.game = null;
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
    entitle(`Replay of game ${this.id.slice(0, 8)}`);
    $("replay-title").textContent = `Replay of game ${this.id.slice(0, 8)}`;
    $("back-to-game").href = `#/game/${this.id}`;
    $("replay-screen").dataset.gameId = this.id;
    delete $("replay-screen").dataset.ruleset;
    $("replay-view").replaceChildren();
    delete $("replay-view").dataset.layout;
    show($("as-played-row"), Boolean(this.token));
    $("as-played").checked = false;
    const now = await api.view(this.id, this.token);
    const ticket = this.ticket;
    const game = await loadGame(now.ruleset);
    if (ticket !== this.ticket) return; // the screen was left meanwhile
    this.game = game;
    $("replay-screen").dataset.ruleset = game.name;
    entitle(`${game.title}: replay of game ${this.id.slice(0, 8)}`);
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
    if (!this.game) return; // still loading: the first step shows when it is ready
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
    $("replay-screen").dataset.version = String(version);
    $("replay-words").textContent = text;
    $("replay-words").dataset.version = String(version);
    rerender($("replay-facts"), () => factsBar(this.game, state));
    this.game.module.render(state, { root: $("replay-view"), material: this.game.material, mode: "replay", interaction: null });
  }
}
