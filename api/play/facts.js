// What the shell says about any game's view: whose it is, whose decision is awaited, the facts bar
// (status, the game's own facts from its module, who is awaited, the version). A game's own words
// come from its module; ``game`` is what rulesets.loadGame answers.

import { h } from "./dom.js";
import { capital, seatLabel } from "./text.js";

// The kinds of computer player the engine knows; each ruleset lists those it offers.
const BOT_LABELS = { heuristic: "Heuristic bot (plays to win)", random: "Random bot" };

export function botLabel(kind) {
  return BOT_LABELS[kind] ?? `${capital(kind)} bot`;
}

// A view's seats: the game's module says where they are (``seating``), else the view's
// ``players`` and ``max_players`` hold them.
export function seating(game, view) {
  return game.module.seating?.(view) ?? { players: view.players ?? [], max: view.max_players ?? 0 };
}

export function seatName(game, view, seat) {
  return seating(game, view).players[seat]?.name ?? seatLabel(seat);
}

// "Ann (red)", or "Ann" for a game whose seats have nothing more to say.
export function seatWords(game, player) {
  const note = game.module.seatNote?.(player) ?? "";
  return note ? `${player.name} (${note})` : player.name;
}

export function decisionWords(game, view, decision) {
  return game.module.describeDecision(decision, view, game.material);
}

export function awaitingWords(game, view) {
  if (view.status === "ended") return "nobody: the game is over";
  if (view.status === "abandoned") return "nobody: the game was abandoned before it started";
  if (!view.awaiting.length) {
    if (view.status !== "lobby") return "nobody";
    const { players, max } = seating(game, view);
    return players.length < max ? "players to join and the host to start" : "the host to start the game";
  }
  return view.awaiting
    .map((d) => `${d.seat === view.viewer ? "you" : seatName(game, view, d.seat)} to ${decisionWords(game, view, d)}`)
    .join("; ");
}

const STATUS = { lobby: "Waiting for players", running: "Running", ended: "Ended", abandoned: "Abandoned (never started)" };

// The game's randomness: drawn by the server and committed to (the SHA-256 of a secret nonce
// with the seed, published when the game was created), or chosen by its creator, who can then
// foresee every shuffle; the nonce and the seed once the game has ended (the view holds them
// whole, to check the commitment by hand). Nothing for games from before commitments.
export function seedWords(view) {
  if (!view.seed_commitment) return null;
  const how = view.seed_chosen
    ? "chosen by the game's creator (who can foresee every shuffle)"
    : "drawn by the server";
  const nonce = view.seed_nonce ? `; nonce ${view.seed_nonce.slice(0, 16)}…` : "";
  const revealed = view.seed ? `; revealed: ${view.seed}` : "";
  return `${how}; commitment ${view.seed_commitment.slice(0, 16)}…${nonce}${revealed}`;
}

// The items of a facts bar (the caller's <dl> holds them).
export function factsBar(game, view) {
  const facts = [
    ["Status", STATUS[view.status] ?? view.status, "status"],
    ...(game.module.facts?.(view, game.material) ?? []),
    ["Awaiting", awaitingWords(game, view), "awaiting"],
    ["Version", String(view.version), "version"],
  ];
  const seed = seedWords(view);
  if (seed) facts.push(["Seed", seed, "seed"]);
  return facts.map(([term, value, name]) =>
    h("div", { dataset: { fact: name } }, h("dt", { text: term }), h("dd", { text: value })),
  );
}
