// Dodge City's part of the create form: its variants (POST /games' settings), with the decks this
// server's catalog knows.
// Each variant is labelled in words; its API name is the box's ``name`` and its tooltip, for whoever
// reads the request the form sends.

import { h } from "../dom.js";
import { plural } from "../text.js";

const DEFAULT_DECK = "default_32";
const DEFAULT_PASSES = 30;
// [name, what it changes, on by default]
const SWITCHES = [
  ["landmarks_bridge", "Stones connect landmarks as chains from landmark to landmark", true],
  ["picture_may_claim", "A picture card may claim an unclaimed building", false],
  ["challenge_optional", "A player may pass instead of challenging", false],
];

// "default_32" → "The default deck"; another deck by its name in words.
function deckWords(name, count) {
  const words = name === DEFAULT_DECK ? "The default deck" : name.replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase());
  return `${words} (${plural(count, "card")})`;
}

export function settingsForm(material) {
  const deck = h(
    "select",
    { id: "create-deck", name: "deck" },
    Object.entries(material.decks).map(([name, cards]) =>
      h("option", { value: name, selected: name === DEFAULT_DECK, text: deckWords(name, cards.length) }),
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
    SWITCHES.map(([name, meaning], index) => h("label", { class: "check", title: name }, switches[index], ` ${meaning}`)),
    h("div", { class: "field-row" }, h("label", { for: "create-passes", title: "max_passes", text: "Passes at most" }), passes),
  );
  const read = () => ({
    deck: deck.value,
    ...Object.fromEntries(switches.map((box) => [box.name, box.checked])),
    max_passes: Number(passes.value) || DEFAULT_PASSES,
  });
  return { element, read };
}
