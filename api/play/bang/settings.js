// BANG! – Dodge City's part of the create form: its variants (POST /games' settings), all off by
// default: the German rules are the game. The switches are the ruleset's own settings schema's
// booleans, so a variant the server adds shows without a change here.
// Each variant is labelled in words; its API name is the box's ``name`` and its tooltip. A
// variant this page has no words for is named from its API name, spelt as words.

import { h } from "../dom.js";
import { capital } from "../text.js";

const MEANINGS = {
  beer_lethal_only: "A Beer may be drunk only against a lethal loss",
  beer_no_effect: "With two players left a Beer may be played but heals nothing",
  pixie_pete_three: "Pixie Pete draws three cards instead of two",
  sean_mallory_ten: "Sean Mallory's hand limit is ten",
  jose_delgado_twice: "José Delgado's ability at most twice a turn",
  jail_skip_turn: "A failed Jail check skips the whole turn",
};

function switchesOf(ruleset) {
  const schema = ruleset?.settings_schema ?? {};
  const name = schema.$ref?.split("/").at(-1);
  const properties = (name ? schema.$defs?.[name] : schema)?.properties ?? {};
  const found = Object.entries(properties).filter(([, p]) => p.type === "boolean");
  if (found.length) return found.map(([key, p]) => [key, Boolean(p.default)]);
  return Object.keys(MEANINGS).map((key) => [key, false]);
}

export function settingsForm(material, ruleset) {
  const switches = switchesOf(ruleset).map(([name, on]) => h("input", { type: "checkbox", name, checked: on }));
  const element = h(
    "fieldset",
    {},
    h("legend", { text: "Variants (all off: the printed rules)" }),
    switches.map((box) =>
      h("label", { class: "check", title: box.name }, box, ` ${MEANINGS[box.name] ?? capital(box.name.replaceAll("_", " "))}`),
    ),
  );
  const read = () => Object.fromEntries(switches.map((box) => [box.name, box.checked]));
  return { element, read };
}
