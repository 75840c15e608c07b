// Dog Eat Dog on the page: what the shell asks of a game's module (../README.md), made of this
// folder's words (words.js), drawing (board.js), moves in steps (steps.js), create-form settings
// (settings.js) and replay marks (replay.js).

import { h, rerender, show } from "../dom.js";
import { gameFacts, renderBoard, renderLaws, renderMarket, renderNotice, renderResult, renderSeats, renderTurn } from "./board.js";
import { actionSteps as stepsOf } from "./steps.js";
import { renderTrade } from "./trade.js";
import { EVENT_TYPES, Words } from "./words.js";

export { settingsForm } from "./settings.js";
export { replayMarks } from "./replay.js";
export { lastMove } from "./steps.js";

export const stylesheet = new URL("./game.css", import.meta.url).href;
export const eventTypes = EVENT_TYPES;

// A view's words are looked up for every square and button: build them once per view.
const wordsByView = new WeakMap();

function wordsFor(view, material) {
  let words = wordsByView.get(view);
  if (!words) {
    words = new Words(material, view);
    wordsByView.set(view, words);
  }
  return words;
}

// The view names its seats ``seats`` and their number ``seat_count``.
export function seating(view) {
  return { players: view.seats ?? [], max: view.seat_count ?? 0 };
}

export function progress(summary) {
  return summary.pass_number ? `round ${summary.pass_number}` : "";
}

export function describeDecision(decision, view, material) {
  return wordsFor(view, material).decision(decision);
}

export function describeAction(action, decision, view, material) {
  return wordsFor(view, material).action(action, decision);
}

export function actionSteps(action, decision, view, material) {
  return stepsOf(action, decision, wordsFor(view, material));
}

export function facts(view, material) {
  return gameFacts(view, wordsFor(view, material));
}

export function render(view, { root, material, mode, interaction, focusFallback = null, lastMove = null, act = null }) {
  const replay = mode === "replay";
  if (root.dataset.layout !== mode) {
    root.replaceChildren(...layout(replay, material).filter(Boolean));
    root.dataset.layout = mode;
  }
  const id = (name) => `${replay ? "replay-" : ""}dogeatdog-${name}`;
  const part = (name) => root.querySelector(`#${id(name)}`);
  const words = wordsFor(view, material);
  const interact = replay ? null : interaction;
  const started = view.status === "running" || view.status === "ended";
  const result = renderResult(view, words);
  show(part("result"), Boolean(result));
  if (result) rerender(part("result-body"), () => result);
  rerender(part("turn"), () => renderTurn(view, words, lastMove, id("last-move")), focusFallback);
  rerender(part("board"), () => renderBoard(view, words, interact, lastMove), focusFallback);
  rerender(part("seats"), () => renderSeats(view, words, lastMove), focusFallback);
  rerender(part("laws"), () => renderLaws(view, words));
  rerender(part("market"), () => renderMarket(view));
  for (const name of ["turn", "laws", "market"]) show(part(`${name}-panel`), started);
  const trading = renderTrade(part("trade-panel"), part("trade"), view, words, replay ? null : act, Boolean(interaction?.busy), focusFallback);
  if (!interact) return "";
  const onSquares = interact.actions.some((request) => ["place_marker", "release", "extract", "collect"].includes(request.action.kind));
  if (onSquares) return "Squares marked ▶ on the map are moves too.";
  if (trading && interact.decision?.kind === "window") return "Or build a trade of your own under Trade.";
  if (trading && interact.decision?.kind === "answer_offer") return "Or make a counter-offer under Trade.";
  return "";
}

// The panels, drawn once per screen: the result (when the game is over), the turn under way, the
// trade builder (not in the replay), the board, the divisions, the laws and the Marketplace, and
// the notice about designed material. The replay has its own ids.
function layout(replay, material) {
  const id = (name) => `${replay ? "replay-" : ""}dogeatdog-${name}`;
  const panel = (name, title, props = {}, body = name) =>
    h(
      "section",
      { class: "panel", "aria-labelledby": id(`${name}-title`), ...props },
      h("h2", { id: id(`${name}-title`), text: title }),
      h("div", { id: id(body) }),
    );
  return [
    panel("result", "Result", { id: id("result"), class: "panel result", hidden: true }, "result-body"),
    panel("turn", "This turn", { id: id("turn-panel"), class: "panel turn-panel" }),
    replay ? null : panel("trade", "Trade", { id: id("trade-panel"), class: "panel trade-panel", hidden: true }),
    h(
      "div",
      { class: "table-body" },
      panel("board", "The board", { class: "panel board-panel" }),
      panel("seats", "The divisions", { class: "panel seats-panel" }),
    ),
    h(
      "div",
      { class: "table-foot" },
      panel("laws", "Laws", { id: id("laws-panel") }),
      panel("market", "Marketplace and supply", { id: id("market-panel") }),
    ),
    renderNotice(material),
  ];
}
