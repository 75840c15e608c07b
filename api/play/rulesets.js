// The games this server offers (GET /rulesets) and, for each, what the page needs to show one:
// its module (./<ruleset>/game.js, see README.md), its stylesheet and its printed material
// (GET /rulesets/<ruleset>). Each is fetched once per page load: none changes while a server runs.

import { Problem, api } from "./api.js";

// A ruleset's name becomes part of a module's address, so only a plain name is ever imported.
const PLAIN_NAME = /^[a-z][a-z0-9_]*$/;

const offered = new Map(); // one entry at most: the server's list
const modules = new Map();
const materials = new Map();
const stylesheets = new Map();

// Forgets a failed fetch, so the next caller asks again instead of inheriting the failure.
function once(cache, key, fetch) {
  if (!cache.has(key)) {
    cache.set(
      key,
      fetch().catch((error) => {
        cache.delete(key);
        throw error;
      }),
    );
  }
  return cache.get(key);
}

export function rulesets() {
  return once(offered, "all", api.rulesets);
}

export async function listing(name) {
  return (await rulesets()).find((ruleset) => ruleset.name === name) ?? null;
}

export function gameModule(name) {
  if (!PLAIN_NAME.test(name ?? "")) {
    return Promise.reject(new Problem(0, { title: "Unknown game", detail: `no ruleset is named ${JSON.stringify(name)}` }));
  }
  return once(modules, name, () =>
    import(`./${name}/game.js`).catch(() => {
      throw new Problem(0, { title: "No page for this game", detail: `this page cannot show games of ${name}` });
    }),
  );
}

// Everything a screen needs to draw a game of ``name``, its stylesheet applied.
export async function loadGame(name) {
  const [module, material, listed] = await Promise.all([
    gameModule(name),
    once(materials, name, () => api.material(name)),
    listing(name),
  ]);
  if (module.stylesheet) await once(stylesheets, module.stylesheet, () => linkStylesheet(module.stylesheet));
  return { name, title: listed?.title ?? name, listed, module, material };
}

// Resolved once the sheet applies, so nothing is drawn unstyled (and measured so).
function linkStylesheet(href) {
  return new Promise((resolve, reject) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.addEventListener("load", () => resolve(link));
    link.addEventListener("error", () => {
      link.remove();
      reject(new Problem(0, { title: "No page for this game", detail: `its stylesheet ${href} did not load` }));
    });
    document.head.append(link);
  });
}
