// Dog Eat Dog's part of the create form: the original's options (the Swiss target, the short game
// of six rounds, Old Boys Network, long-term planning) and our variants, all from the ruleset's
// settings schema (POST /games' settings). The defaults are the standard game. Each switch is
// labelled in words; its API name is the box's ``name`` and its tooltip.

import { h } from "../dom.js";
import { capital } from "../text.js";

const MEANINGS = {
  target: "Swiss account to win",
  round_limit: "Short game: the game ends after round 6, the richest Swiss account wins",
  old_boys: "Old Boys Network: every player is dealt a Corrupt Official at the start",
  long_term: "Long-term planning: hire or fire at the end of the turn",
  honour: "Honour system: laws may be breached, and breaches denounced",
  wm_own_squares: "Waste Mismanagement collects pollution only from its own squares",
  kickback: "Money received from players may go into the Swiss account",
  auction_sealed: "Auctions are one round of sealed bids",
  embezzle_own_turn: "Embezzle only in your own turn's windows",
  open_info: "Open information: Swiss accounts and embezzled amounts are public",
};

function propertiesOf(ruleset) {
  const schema = ruleset?.settings_schema ?? {};
  const name = schema.$ref?.split("/").at(-1);
  return (name ? schema.$defs?.[name] : schema)?.properties ?? {};
}

// The values an enum property offers (directly, or in its anyOf with null).
function choicesOf(property) {
  if (property.enum) return property.enum;
  return (property.anyOf ?? []).flatMap((option) => option.enum ?? []);
}

// The original's options (RULES.md section 19); every other setting is a variant of ours.
const ORIGINAL = new Set(["target", "round_limit", "old_boys", "long_term"]);
const TARGETS = { 100: "$100M (short game)", 150: "$150M (the standard game)", 250: "$250M (long game)" };

const label = (name) => MEANINGS[name] ?? capital(name.replaceAll("_", " "));

export function settingsForm(material, ruleset) {
  const readers = [];
  const field = ([name, property]) => {
    const nullable = (property.anyOf ?? []).some((option) => option.type === "null");
    const choices = choicesOf(property);
    if (property.type === "boolean" || (nullable && choices.length === 1)) {
      // A switch: a boolean, or an option that is off (null) or its one value.
      const box = h("input", { type: "checkbox", name, checked: property.type === "boolean" ? Boolean(property.default) : property.default !== null });
      readers.push(() => [name, property.type === "boolean" ? box.checked : box.checked ? choices[0] : null]);
      return h("label", { class: "check", title: name }, box, ` ${label(name)}`);
    }
    if (choices.length) {
      const select = h(
        "select",
        { name },
        choices.map((value) => h("option", { value: String(value), selected: value === property.default, text: name === "target" ? (TARGETS[value] ?? `$${value}M`) : String(value) })),
      );
      readers.push(() => [name, typeof choices[0] === "number" ? Number(select.value) : select.value]);
      return h("label", { class: "choice", title: name }, `${label(name)} `, select);
    }
    return null;
  };
  const properties = Object.entries(propertiesOf(ruleset));
  const group = (legend, entries) => (entries.length ? h("fieldset", {}, h("legend", { text: legend }), entries.map(field)) : null);
  const element = h(
    "div",
    { class: "settings-groups" },
    group("The original's options (as first shown: the standard game)", properties.filter(([name]) => ORIGINAL.has(name))),
    group("Variants of this engine (all off: the rules as written)", properties.filter(([name]) => !ORIGINAL.has(name))),
  );
  const read = () => Object.fromEntries(readers.map((reader) => reader()));
  return { element, read };
}
