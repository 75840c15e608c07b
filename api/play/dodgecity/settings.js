// Dodge City's part of the create form: its variants (POST /games' settings), with the decks this
// server's catalog knows.
// Each variant keeps its API name in its label, so what the form sends is what the reader sees.

import { h } from "../dom.js";
import { plural } from "../text.js";

const DEFAULT_DECK = "default_32";
const DEFAULT_PASSES = 30;
// [name, what it changes, on by default]
const SWITCHES = [
  ["landmarks_bridge", "stones connect landmarks as chains from landmark to landmark", true],
  ["picture_may_claim", "a picture card may claim an unclaimed building", false],
  ["challenge_optional", "a player may pass instead of challenging", false],
];

export function settingsForm(material) {
  const deck = h(
    "select",
    { id: "create-deck", name: "deck" },
    Object.entries(material.decks).map(([name, cards]) =>
      h("option", { value: name, selected: name === DEFAULT_DECK, text: `${name} (${plural(cards.length, "card")})` }),
    ),
  );
  const switches = SWITCHES.map(([name, , on]) => h("input", { type: "checkbox", name, checked: on }));
  const passes = h("input", {
    id: "create-passes",
    name: "max_passes",
    type: "number",
    min: "1",
    max: "1000",
    value: String(DEFAULT_PASSES),
    inputmode: "numeric",
  });
  const element = h(
    "fieldset",
    {},
    h("legend", { text: "Variants" }),
    h("div", { class: "field-row" }, h("label", { for: "create-deck", text: "Deck" }), deck),
    SWITCHES.map(([name, meaning], index) => h("label", { class: "check" }, switches[index], ` ${name}: ${meaning}`)),
    h("div", { class: "field-row" }, h("label", { for: "create-passes", text: "max_passes" }), passes),
  );
  const read = () => ({
    deck: deck.value,
    ...Object.fromEntries(switches.map((box) => [box.name, box.checked])),
    max_passes: Number(passes.value) || DEFAULT_PASSES,
  });
  return { element, read };
}
