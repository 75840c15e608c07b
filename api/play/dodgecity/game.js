// Dodge City (1983) on the page: what the shell asks of a game's module (../README.md), made of
// this folder's words (words.js), drawing (board.js) and create-form settings (settings.js).

import { h, rerender, show } from "../dom.js";
import {
  gameFacts,
  renderBuildings,
  renderHand,
  renderPlayers,
  renderResult,
  renderTable,
  sortActions,
} from "./board.js";
import { describeEvent as tellEvent } from "./story.js";
import { EVENT_TYPES, Words } from "./words.js";

export { settingsForm } from "./settings.js";
export { replayMarks } from "./replay.js";
export { lastMove } from "./moves.js";

export const stylesheet = new URL("./game.css", import.meta.url).href;
// The stream names each event `<ruleset>.<Event>` (docs/WIRE.md); its data's `type` is the bare name.
export const eventTypes = EVENT_TYPES.map((type) => `dodgecity.${type}`);

// A view's words (its deck, players and buildings) are looked up for every button and square:
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

export function progress(summary) {
  return `pass ${summary.pass_number}`;
}

// Every seat has a colour, and its stones carry it.
export function seatNote(player) {
  return player.colour ?? "";
}

export function describeDecision(decision, view, material) {
  return wordsFor(view, material).decision(decision);
}

export function describeAction(action, decision, view, material) {
  return wordsFor(view, material).action(action, decision);
}

// The log's words for one event of GET …/events (redacted for the reader), or null.
export function describeEvent(event, view, material) {
  return tellEvent(event, wordsFor(view, material));
}

export function facts(view, material) {
  return gameFacts(view, wordsFor(view, material));
}

export function render(view, { root, material, mode, interaction, focusFallback = null, events = [], lastMove = null }) {
  const replay = mode === "replay";
  if (root.dataset.layout !== mode) {
    root.replaceChildren(...layout(replay));
    root.dataset.layout = mode;
  }
  const part = (name) => root.querySelector(`#${replay ? "replay-" : ""}${name}`);
  const words = wordsFor(view, material);
  const moved = lastMove;
  const movedId = `${replay ? "replay-" : ""}dodgecity-last-move`;
  if (replay) {
    rerender(part("players"), () => renderPlayers(view, words, { allHands: true, moved }));
    rerender(part("table"), () => renderTable(view, words, moved, movedId));
    rerender(part("board"), () => renderBuildings(view, material, words, null, moved));
    return "";
  }
  const interact = interaction && { ...interaction, sorted: sortActions(interaction.actions) };
  const me = view.viewer === null ? null : view.players[view.viewer];
  rerender(part("hand"), () => renderHand(view, words, interact), focusFallback);
  // The hand stays in view when the game is over.
  show(part("hand-panel"), Boolean(me?.hand) && (view.status === "running" || view.status === "ended"));
  rerender(part("board"), () => renderBuildings(view, material, words, interact, moved), focusFallback);
  rerender(part("players"), () => renderPlayers(view, words, { moved }));
  rerender(part("table"), () => renderTable(view, words, moved, movedId));
  const result = renderResult(view, words, events);
  show(part("result"), Boolean(result));
  if (result) rerender(part("result-body"), () => result);
  if (!interact) return "";
  const where = [];
  if (interact.sorted.cards.size) where.push("the cards marked ▶ in your hand");
  if (interact.sorted.fields.size) where.push("the marked squares in the town");
  return where.length ? `Your moves: ${where.join(" and ")}${interact.sorted.others.length ? ", and the buttons here" : ""}.` : "";
}

// The panels, drawn once per screen: the result (when the game is over), then the hand, the
// players and the table beside the town. The replay has no hand and no result, and its own ids.
function layout(replay) {
  const id = (name) => (replay ? `replay-${name}` : name);
  const panel = (name, title, props = {}, body = name) =>
    h(
      "section",
      { class: "panel", "aria-labelledby": id(`${name}-title`), ...props },
      h("h2", { id: id(`${name}-title`), text: title }),
      h("div", { id: id(body) }),
    );
  return [
    replay ? null : panel("result", "Result", { id: "result", class: "panel result", hidden: true }, "result-body"),
    h(
      "div",
      { class: "game-body" },
      h(
        "div",
        { class: "side" },
        replay ? null : panel("hand", "Your cards", { id: "hand-panel", hidden: true }),
        panel("players", "Players"),
        panel("table", "On the table"),
      ),
      panel("board", "Town", { class: "board panel" }),
    ),
  ].filter(Boolean);
}
