// The lobby: the create form (which game, how many seats, which of them bots, its clock, the
// game's own settings from its module) and the lists of games on this server and in this browser.

import { api } from "./api.js";
import { CLOCK_PRESETS, clockRuleWords, presetNamed } from "./clock.js";
import { entitle, h, showScreen } from "./dom.js";
import { botLabel } from "./facts.js";
import { gameModule, loadGame, rulesets } from "./rulesets.js";
import { remember, rememberedGames } from "./seats.js";

const $ = (id) => document.getElementById(id);
const PREFERRED_BOT = "heuristic";
const PREFERRED_SEATS = 3;

// The create form outlives a visit to the lobby, so what it was built for does too: the loaded
// game and its settings' reader.
let chosen = null;

export class LobbyScreen {
  constructor() {
    this.stopped = false;
  }

  async start() {
    entitle("Lobby");
    await this.prepareForm();
    // Left while the form was being built (a game's link followed at once): the next screen
    // shows, not the lobby over it.
    if (this.stopped) return;
    showScreen("lobby-screen");
    await this.lists();
  }

  stop() {
    this.stopped = true;
  }

  async prepareForm() {
    const select = $("create-ruleset");
    if (!select.options.length) {
      const offered = await rulesets();
      // The server's default game is the one chosen to begin with.
      select.replaceChildren(
        ...offered.map((r) => h("option", { value: r.name, selected: Boolean(r.default), text: r.title })),
      );
    }
    await this.chooseRuleset(select.value);
  }

  // The form for the game chosen: its seat counts, its bots and its settings. A form already
  // built for it stays as the creator left it.
  async chooseRuleset(name) {
    if (chosen?.game.name !== name) {
      const game = await loadGame(name);
      if ($("create-ruleset").value !== name) return; // another game was chosen meanwhile
      const settings = game.module.settingsForm(game.material, game.listed);
      $("create-settings").replaceChildren(settings.element);
      $("create-settings").dataset.ruleset = name;
      chosen = { game, settings };
      this.seatCounts();
      this.describeRuleset();
    }
    this.botRows();
    this.clocks();
  }

  // The clocks on offer, the same for every game; the one chosen stays when the game changes.
  clocks() {
    const select = $("create-clock");
    if (!select.options.length) {
      select.replaceChildren(...CLOCK_PRESETS.map((p, i) => h("option", { value: p.name, selected: i === 0, text: p.label })));
      select.addEventListener("change", () => this.describeClock());
    }
    this.describeClock();
  }

  describeClock() {
    $("create-clock-hint").textContent = clockRuleWords(presetNamed($("create-clock").value).clock);
  }

  seatCounts() {
    const { min_seats: least, max_seats: most } = chosen.game.listed;
    const select = $("create-players");
    const kept = Number(select.value) || PREFERRED_SEATS;
    const count = Math.min(most, Math.max(least, kept));
    select.replaceChildren(
      ...Array.from({ length: most - least + 1 }, (_, i) => least + i).map((n) =>
        h("option", { value: String(n), selected: n === count, text: `${n} players` }),
      ),
    );
  }

  describeRuleset() {
    const { min_seats: least, max_seats: most, rules_version: version } = chosen.game.listed;
    $("create-ruleset-hint").textContent = `${least}–${most} players${version ? `; rules version ${version}` : ""}.`;
  }

  // One row per seat: bots first (the API seats them first), people after.
  botRows() {
    const kinds = chosen?.game.listed.bot_kinds ?? [];
    const preferred = kinds.includes(PREFERRED_BOT) ? PREFERRED_BOT : (kinds[0] ?? "person");
    const count = Number($("create-players").value);
    const box = $("create-bots");
    const kept = [...box.querySelectorAll("select")].map((s) => s.value);
    const options = [["person", "Person (open seat)"], ...kinds.map((kind) => [kind, botLabel(kind)])];
    box.replaceChildren(
      ...Array.from({ length: count }, (_, seat) => {
        const id = `create-seat-${seat}`;
        const value = kept[seat] ?? (seat < count - 1 ? preferred : "person");
        return h(
          "div",
          { class: "field-row" },
          h("label", { for: id, text: `Seat ${seat + 1}` }),
          h(
            "select",
            { id, name: `seat-${seat}` },
            options.map(([v, text]) => h("option", { value: v, selected: v === value, text })),
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
    const ruleset = chosen.game.name;
    const body = { ruleset, players: Number(data.get("players")), bots, settings: chosen.settings.read() };
    const seed = String(data.get("seed") ?? "").trim();
    if (seed) body.seed = seed;
    const clock = presetNamed(String(data.get("clock") ?? "")).clock;
    if (clock) body.clock = clock;
    const created = await api.createGame(body);
    remember(created.game_id, { host: created.host_token, ruleset });
    if (name) {
      const seat = await api.join(created.game_id, { name });
      remember(created.game_id, { token: seat.token, seat: seat.seat, name });
    }
    location.hash = `#/game/${created.game_id}`;
  }

  async lists() {
    const titles = new Map((await rulesets()).map((r) => [r.name, r.title]));
    const item = async (game, withReplay) =>
      h(
        "li",
        { dataset: { gameId: game.game_id, ruleset: game.ruleset } },
        h("a", { href: `#/game/${game.game_id}`, text: await gameLabel(game, titles) }),
        withReplay ? [" · ", h("a", { href: `#/replay/${game.game_id}`, text: "replay" })] : null,
      );
    // One section per state; a game in its lobby is "waiting" while a seat is open and "ready"
    // once every seat is taken (it is still not started: only its host can start it).
    const fill = (id, games, withReplay, empty) =>
      Promise.all(games.map((g) => item(g, withReplay))).then((items) =>
        $(id).replaceChildren(
          items.length ? h("ul", { class: "game-list" }, items) : h("p", { class: "quiet", text: empty }),
        ),
      );
    const section = async (ids, status, fillAll) => {
      try {
        await fillAll((await api.listGames(status)).items);
      } catch (error) {
        for (const id of ids) $(id).replaceChildren(h("p", { class: "quiet", text: `Could not load the list: ${error.message}` }));
      }
    };
    const full = (g) => g.players.length >= g.max_players;
    const mine = rememberedGames();
    $("my-games").replaceChildren(
      mine.length
        ? h(
            "ul",
            { class: "game-list" },
            mine.slice(0, 10).map((g) => h("li", {}, h("a", { href: `#/game/${g.gameId}`, text: rememberedLabel(g, titles) }))),
          )
        : h("p", { class: "quiet", text: "None yet." }),
    );
    await Promise.all([
      section(["open-games", "ready-games"], "lobby", (games) =>
        Promise.all([
          fill("open-games", games.filter((g) => !full(g)), false, "No game is waiting for players: create one."),
          fill("ready-games", games.filter(full), false, "None."),
        ]),
      ),
      section(["running-games"], "running", (games) => fill("running-games", games, true, "None.")),
      section(["ended-games"], "ended", async (games) =>
        fill("ended-games", [...games, ...(await abandonedGames())], true, "None."),
      ),
    ]);
  }
}

async function gameLabel(game, titles) {
  const names = game.players.length ? game.players.join(", ") : "nobody yet";
  const title = titles.get(game.ruleset) ?? game.ruleset;
  let state = "ended";
  if (game.status === "lobby") state = `${game.players.length} of ${game.max_players} seats taken`;
  else if (game.status === "running") state = (await progress(game)) || "running";
  else if (game.status === "abandoned") state = "abandoned: it never started";
  return `${title} · ${game.game_id.slice(0, 8)}: ${state} (${names})`;
}

// Games closed because they never started, listed with the ended ones; a server from before
// clocks knows no such status, and lists none.
async function abandonedGames() {
  try {
    return (await api.listGames("abandoned")).items;
  } catch {
    return [];
  }
}

// How far a running game has gone, in its ruleset's words ("pass 3"), if its module says.
async function progress(game) {
  try {
    return (await gameModule(game.ruleset)).progress?.(game) ?? "";
  } catch {
    return "";
  }
}

// Entries remembered before the page knew several games carry no ruleset: their label names none.
function rememberedLabel(entry, titles) {
  const who = entry.name ? `${entry.name} in ` : "hosting ";
  const title = entry.ruleset ? `${titles.get(entry.ruleset) ?? entry.ruleset} ` : "";
  return `${who}${title}game ${entry.gameId.slice(0, 8)}`;
}
