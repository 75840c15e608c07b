// The reference frontend's shell: a lobby, a game (seating, play, live updates, log) and a replay,
// each a screen chosen by the address's fragment (#/, #/game/<id>, #/replay/<id>). It talks to
// the REST API only, with the token this browser holds for the game, so it shows what that token
// may see and nothing more.
//
// The shell knows no game. Every game the server offers (GET /rulesets) has a module named after
// its ruleset, ./<ruleset>/game.js, imported when a game of that ruleset is shown or created. It
// draws the game's own panels and says its words; the shell does the rest (lobby, seats, tokens,
// the move panel, choices, the JSON box, the log, the clock, live updates, the replay's
// controls). ``material`` below is the ruleset's printed material (GET /rulesets/<ruleset>). A
// module exports:
//
//   eventTypes                  the name of every event its stream sends, `<ruleset>.<Event>`
//                               (EventSource hears only the named events it listens for)
//   settingsForm(material, ruleset) → {element, read()}
//                               its part of the create form; read() answers POST /games' settings
//   describeDecision(decision, view, material) → words after "You …" ("play a card")
//   describeAction(action, decision, view, material) → a button's words ("Play Lady 7")
//   render(view, {root, material, mode, interaction, focusFallback}) → a sentence for the move
//                               panel, or ""; draws the view into ``root`` (mode "play" or
//                               "replay"). ``interaction`` (null when the seat may do nothing)
//                               is {actions, decision, busy, open, claim(key, indices),
//                               choose(key)}: a control the module draws for some of the listed
//                               actions claims them under its data-key and calls choose(key)
//                               when used; the shell makes buttons of the unclaimed ones and
//                               asks which when a control holds several (``open`` is its key).
//   and, if it has them: stylesheet (its CSS's URL, applied before it draws), facts(view,
//   material) → [[term, value, name]] for the facts bar, seatNote(player) → words after a
//   player's name ("red"), progress(summary) → how far a listed running game has gone,
//   replayMarks(events, material) → for each event the units it begins ([{unit, label}], coarsest
//   first: "pass", "Pass 2"), for the replay's jumps.
//
// README.md says the same at more length.

import { announce, clearProblem, report } from "./alerts.js";
import { Problem } from "./api.js";
import { GameScreen } from "./game-screen.js";
import { LobbyScreen } from "./lobby-screen.js";
import { ReplayScreen } from "./replay-screen.js";
import { rulesets } from "./rulesets.js";

const $ = (id) => document.getElementById(id);
const GAME_ID = "[0-9a-fA-F-]{36}";
let screen = null; // the screen on show; it is stopped before another opens

function route() {
  screen?.stop();
  screen = null;
  clearProblem();
  const game = location.hash.match(new RegExp(`^#/game/(${GAME_ID})$`));
  // A replay opened from a log line starts at its step: #/replay/<id>/<version>.
  const replay = location.hash.match(new RegExp(`^#/replay/(${GAME_ID})(?:/(\\d+))?$`));
  if (game) screen = new GameScreen(game[1]);
  else if (replay) screen = new ReplayScreen(replay[1], replay[2] === undefined ? null : Number(replay[2]));
  else screen = new LobbyScreen();
  screen.start().catch(report);
}

function go(hash) {
  if (location.hash === hash) route();
  else location.hash = hash;
}

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
  $("create-ruleset").addEventListener("change", (event) => {
    clearProblem();
    screen?.chooseRuleset?.(event.target.value).catch(report);
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
  $("replay-play").addEventListener("click", () => screen.toggle());
  document.addEventListener("keydown", (event) => {
    if (screen instanceof ReplayScreen && screen.key(event)) event.preventDefault();
  });
  window.addEventListener("hashchange", route);
}

async function main() {
  wire();
  try {
    await rulesets();
  } catch (error) {
    report(error);
    $("loading").textContent = "The game server does not answer. Reload the page to try again.";
    return;
  }
  $("loading").remove();
  route();
}

main();
