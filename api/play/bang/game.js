// BANG! – Dodge City on the page: what the shell asks of a game's module (../README.md), made of
// this folder's words (words.js), drawing (table.js) and create-form settings (settings.js).

import { h, rerender, show } from "../dom.js";
import { actionSteps as stepsOf } from "./steps.js";
import { gameFacts, renderHand, renderMiddle, renderResult, renderSeats, sortActions } from "./table.js";
import { EVENT_TYPES, Words, roleName } from "./words.js";

export { settingsForm } from "./settings.js";
export { replayMarks } from "./replay.js";
export { lastMove } from "./steps.js";

export const stylesheet = new URL("./game.css", import.meta.url).href;
export const eventTypes = EVENT_TYPES;

// A view's words (its seats, the material's cards) are looked up for every card and button:
// build them once per view the shell holds.
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
  return summary.pass_number ? `turn ${summary.pass_number}` : "";
}

// A seat's role, once the viewer may see it.
export function seatNote(player) {
  return player.role ? roleName(player.role) : "";
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

export function render(view, { root, material, mode, interaction, focusFallback = null, lastMove = null }) {
  const replay = mode === "replay";
  if (root.dataset.layout !== mode) {
    root.replaceChildren(...layout(replay));
    root.dataset.layout = mode;
  }
  const id = (name) => `${replay ? "replay-" : ""}bang-${name}`;
  const part = (name) => root.querySelector(`#${id(name)}`);
  const words = wordsFor(view, material);
  const interact = replay ? null : interaction;
  const sorted = interact ? sortActions(interact.actions, view) : null;
  const moved = lastMove;
  rerender(part("seats"), () => renderSeats(view, words, interact, sorted, moved), focusFallback);
  rerender(part("middle"), () => renderMiddle(view, words, interact, sorted, moved, id("last-move")), focusFallback);
  const me = view.viewer === null ? null : view.seats[view.viewer];
  rerender(part("hand"), () => renderHand(view, words, interact, sorted), focusFallback);
  // The hand stays in view when the game is over: what was left in it is part of the story.
  show(part("hand-panel"), Boolean(me?.hand) && (view.status === "running" || view.status === "ended"));
  const handTitle = part("hand-title");
  if (handTitle) handTitle.textContent = view.status === "ended" ? "Your hand at the end" : "Your hand";
  const result = renderResult(view, words);
  show(part("result"), Boolean(result));
  if (result) rerender(part("result-body"), () => result);
  if (!interact) return "";
  const decision = interact.decision;
  if (decision && view.turn?.seat !== view.viewer) return "It is not your turn: this answer is yours.";
  return sorted.hand.size || sorted.laid.size || sorted.store.size ? "Cards marked ▶ are moves too." : "";
}

// The panels, drawn once per screen: the result (when the game is over), the seats around the
// table, your hand and the table's middle (piles, what is resolving). The replay has no hand,
// and its own ids.
function layout(replay) {
  const id = (name) => `${replay ? "replay-" : ""}bang-${name}`;
  const panel = (name, title, props = {}, body = name) =>
    h(
      "section",
      { class: "panel", "aria-labelledby": id(`${name}-title`), ...props },
      h("h2", { id: id(`${name}-title`), text: title }),
      h("div", { id: id(body) }),
    );
  return [
    panel("result", "Result", { id: id("result"), class: "panel result", hidden: true }, "result-body"),
    h(
      "div",
      { class: "table-body" },
      panel("seats", "Around the table", { class: "panel seats-panel" }),
      h(
        "div",
        { class: "side" },
        replay ? null : panel("hand", "Your hand", { id: id("hand-panel"), hidden: true }),
        panel("middle", "Middle of the table"),
      ),
    ),
  ].filter(Boolean);
}
