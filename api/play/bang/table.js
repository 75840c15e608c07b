// Drawing one BANG! view: the seats around the table (character, life, role when visible,
// distance from you, cards in play), the middle of the table (piles, what is resolving, the
// General Store), your hand, and the result. The same drawing serves live play (with the seat's
// actions wired into its cards) and replay (none).

import { h } from "../dom.js";
import { plural } from "../text.js";
import { END_REASONS, PHASES, roleName, roleSet } from "./words.js";

// The actions a card in the viewer's hand stands for, and those of a card in play in front of
// him, and of a card of the General Store's display; every other action is a button.
const HAND_KINDS = new Set(["play_card", "discard", "missed", "beer", "answer", "trade_blue"]);
const IN_PLAY_KINDS = new Set(["use_card", "missed"]);

export function sortActions(requests, view) {
  const me = view.viewer === null ? null : view.seats[view.viewer];
  const inPlay = new Set((me?.in_play ?? []).map((laid) => laid.card));
  const hand = new Map();
  const laid = new Map();
  const store = new Map();
  const add = (map, key, index) => map.set(key, [...(map.get(key) ?? []), index]);
  requests.forEach((request, index) => {
    const action = request.action;
    if (action.kind === "pick") add(store, action.card, index);
    else if (IN_PLAY_KINDS.has(action.kind) && inPlay.has(action.card)) add(laid, action.card, index);
    else if (HAND_KINDS.has(action.kind)) add(hand, action.card, index);
  });
  return { hand, laid, store };
}

function signOf(id, words) {
  const sign = words.cardSign(id);
  return sign ? h("span", { class: "card-sign", "aria-hidden": "true", text: sign }) : null;
}

// One card, face up: a span, or the button that stands for the actions at ``indices``.
function cardFace(id, words, { interact = null, keyPrefix = "card", indices = [], inactive = false, verb = "" } = {}) {
  const border = words.border(id);
  const classes = `card border-${border}${inactive ? " inactive" : ""}`;
  const label = [words.cardName(id), words.cardSignWords(id) && `(${words.cardSignWords(id)})`, inactive ? "not usable yet" : ""]
    .filter(Boolean)
    .join(" ");
  const note = words.cardNote(id);
  const body = [
    h("span", { class: "card-name", text: words.cardName(id) }),
    signOf(id, words),
    inactive ? h("span", { class: "card-state", text: "not yet active" }) : null,
  ];
  if (!interact || !indices.length) {
    return h("span", { class: classes, title: note || null, "aria-label": label, role: "img", dataset: { card: id } }, body);
  }
  const control = `${keyPrefix}:${id}`;
  interact.claim(control, indices);
  const first = interact.actions[indices[0]].action;
  const does =
    indices.length === 1 ? words.action(first, interact.decision) : `${label}: choose among ${indices.length} moves`;
  return h(
    "button",
    {
      type: "button",
      class: `${classes} act`,
      title: note ? `${does} — ${note}` : does,
      "aria-label": does,
      "aria-disabled": interact.busy ? "true" : null,
      "aria-haspopup": indices.length > 1 ? "true" : null,
      "aria-expanded": indices.length > 1 ? String(interact.open === control) : null,
      dataset: { key: control, actionIndex: String(indices[0]), card: id },
      onclick: () => interact.choose(control),
    },
    body,
    h("span", { class: "card-verb", "aria-hidden": "true", text: verb || (indices.length > 1 ? "▶ choose" : "▶ go") }),
  );
}

// "♥♥♥♡ 3 of 4"
function lifeLine(seat) {
  const full = Math.max(0, Math.min(seat.life, seat.max_life));
  const empty = Math.max(0, seat.max_life - full);
  return h(
    "span",
    { class: "life", dataset: { life: String(seat.life), maxLife: String(seat.max_life) } },
    h("span", { class: "hearts", "aria-hidden": "true", text: "♥".repeat(full) + "♡".repeat(empty) }),
    ` ${seat.life} of ${seat.max_life}`,
  );
}

function decidingSeats(view) {
  return new Set(view.awaiting.map((d) => d.seat));
}

function winners(view) {
  return new Set(view.outcome?.winners ?? []);
}

// One seat at the table. ``interact`` wires the viewer's own cards in play; ``moved`` is the last
// move ({seat, targets}), marked on the seat that made it and the seats it reached.
function seatPanel(seat, view, words, interact, sorted, moved) {
  const deciding = decidingSeats(view);
  const onTurn = view.turn?.seat === seat.seat && view.status === "running";
  const won = winners(view);
  const you = seat.seat === view.viewer;
  const tags = [];
  if (you) tags.push("you");
  if (seat.bot) tags.push(`${seat.bot} bot`);
  if (onTurn) tags.push("on turn");
  if (deciding.has(seat.seat) && view.status === "running") tags.push("deciding");
  if (!seat.alive) tags.push("eliminated");
  if (won.has(seat.seat)) tags.push("winner");
  const acted = moved?.seat === seat.seat;
  const reached = Boolean(moved?.targets.includes(seat.seat));
  if (acted) tags.push("last move");
  if (reached) tags.push("reached by the last move");
  // Before the start a seat has a name and nothing else: no character, life or cards yet.
  if (view.status === "lobby" || !seat.character) {
    return h(
      "li",
      { class: `seat${you ? " me" : ""} waiting`, "aria-labelledby": `seat-${seat.seat}-name`, dataset: { seat: String(seat.seat) } },
      h(
        "p",
        { class: "who" },
        h("strong", { id: `seat-${seat.seat}-name`, class: "name", text: seat.name }),
        tags.map((tag) => h("span", { class: `tag tag-${tag.replaceAll(" ", "-")}`, text: tag })),
      ),
      h("p", { class: "quiet", text: "Seated, waiting for the game to start." }),
    );
  }
  const character = seat.copied
    ? `${words.characterName(seat.character)} (copying ${words.characterName(seat.copied)})`
    : words.characterName(seat.character);
  const facts = [
    ["Life", lifeLine(seat)],
    ["Role", seat.role ? roleName(seat.role) : "hidden"],
    ["Cards in hand", String(seat.hand_size)],
    ["Range", String(seat.range)],
  ];
  if (seat.distance !== null && seat.distance !== undefined) facts.push(["Distance from you", String(seat.distance)]);
  if (seat.hand && !you) facts.push(["Hand", seat.hand.map((c) => words.cardLabel(c)).join(", ") || "empty"]);
  const inPlay = seat.in_play.map((laid) =>
    h(
      "li",
      {},
      cardFace(laid.card, words, {
        interact: you ? interact : null,
        keyPrefix: "in-play",
        indices: you ? (sorted?.laid.get(laid.card) ?? []) : [],
        inactive: !laid.active,
        verb: "▶ use",
      }),
    ),
  );
  const headingId = `seat-${seat.seat}-name`;
  return h(
    "li",
    {
      class: `seat${you ? " me" : ""}${onTurn ? " on-turn" : ""}${seat.alive ? "" : " dead"}${deciding.has(seat.seat) ? " awaited" : ""}${acted ? " last-actor" : ""}${reached ? " last-target" : ""}`,
      "aria-labelledby": headingId,
      dataset: {
        seat: String(seat.seat),
        alive: String(seat.alive),
        role: seat.role ?? "",
        life: String(seat.life),
        distance: seat.distance === null || seat.distance === undefined ? "" : String(seat.distance),
      },
    },
    h(
      "p",
      { class: "who" },
      h("strong", { id: headingId, class: "name", text: seat.name }),
      h("span", { class: "character", title: words.characterSummary(seat.character) || null, text: character }),
      tags.map((tag) => h("span", { class: `tag tag-${tag.replaceAll(" ", "-")}`, text: tag })),
    ),
    h(
      "dl",
      { class: "facts" },
      facts.map(([term, value]) => h("div", {}, h("dt", { text: term }), h("dd", {}, value))),
    ),
    inPlay.length
      ? h("ul", { class: "in-play", "aria-label": `In play in front of ${seat.name}` }, inPlay)
      : h("p", { class: "quiet in-play-none", text: "Nothing in play." }),
  );
}

export function renderSeats(view, words, interact, sorted, moved = null) {
  if (!view.seats.length) return h("p", { class: "quiet", text: "Nobody has sat down yet." });
  return h(
    "ol",
    { class: "seats-around", "aria-label": "Seats, clockwise" },
    view.seats.map((seat) => seatPanel(seat, view, words, interact, sorted, moved)),
  );
}

// One line per frame of what is resolving, innermost last.
function frameWords(frame, words) {
  const by = frame.source === null || frame.source === undefined ? "" : `${words.name(frame.source)}'s `;
  if (frame.kind === "hit") return `${by}${words.frameCause(frame)} aimed at ${words.who(frame.target)}`;
  if (frame.kind === "loss") return `${words.name(frame.target)} is about to lose ${plural(frame.amount ?? 1, "life point")}`;
  const reached = frame.targets?.length ? `; still to reach ${words.names(frame.targets)}` : "";
  const now = frame.target === null || frame.target === undefined ? "" : `, now ${words.name(frame.target)}`;
  return `${by}${words.frameCause(frame)}${now}${reached}`;
}

export function renderMiddle(view, words, interact, sorted, moved = null, movedId = "bang-last-move") {
  const top = view.discard_pile.at(-1) ?? null;
  const parts = [
    moved?.text
      ? h("p", { id: movedId, class: "last-move" }, h("strong", { text: "Last move: " }), moved.text)
      : null,
    h(
      "dl",
      { class: "facts piles" },
      h("div", { dataset: { pile: "draw" } }, h("dt", { text: "Draw pile" }), h("dd", { text: plural(view.draw_pile_size, "card") })),
      h(
        "div",
        { dataset: { pile: "discard" } },
        h("dt", { text: "Discard pile" }),
        h("dd", {}, top ? ["top: ", cardFace(top, words)] : "empty", top ? ` (${plural(view.discard_pile.length, "card")})` : ""),
      ),
    ),
  ];
  if (view.status !== "running") return parts; // a game over stops whatever was resolving
  if (view.resolving.length) {
    parts.push(
      h("h3", { text: "Resolving" }),
      h(
        "ol",
        { class: "resolving", "aria-label": "What is resolving, innermost last" },
        view.resolving.map((frame) => h("li", { dataset: { kind: frame.kind } }, frameWords(frame, words))),
      ),
    );
  }
  if (view.resolving_cards.length) {
    parts.push(h("p", {}, "Cards being played: ", view.resolving_cards.map((c) => cardFace(c, words))));
  }
  const store = view.resolving.findLast((f) => f.display?.length);
  if (store) {
    parts.push(
      h("h3", { text: "General Store" }),
      h(
        "ul",
        { class: "store", "aria-label": "The General Store's cards" },
        store.display.map((id) =>
          h("li", {}, cardFace(id, words, { interact, keyPrefix: "store", indices: sorted?.store.get(id) ?? [], verb: "▶ take" })),
        ),
      ),
    );
  }
  return parts;
}

export function renderHand(view, words, interact, sorted) {
  const me = view.viewer === null ? null : view.seats[view.viewer];
  if (!me || !me.hand) return null;
  if (!me.hand.length) return h("p", { class: "quiet", text: "No cards in hand." });
  return h(
    "ul",
    { class: "hand", "aria-label": "Your cards" },
    me.hand.map((id) => h("li", {}, cardFace(id, words, { interact, keyPrefix: "hand", indices: sorted?.hand.get(id) ?? [] }))),
  );
}

export function gameFacts(view, words) {
  const turn = view.turn;
  return [
    ["Turn", turn ? `${turn.number}: ${words.name(turn.seat)}` : "—", "turn"],
    ["Phase", turn ? PHASES[turn.phase] ?? turn.phase : "—", "phase"],
    ["Draw pile", String(view.draw_pile_size), "draw-pile"],
    ["Discard pile", view.discard_pile.length ? `top: ${words.cardLabel(view.discard_pile.at(-1))}` : "empty", "discard-top"],
    ["Roles", view.roles_in_game.length ? roleSet(view.roles_in_game) : "—", "roles"],
  ];
}

// "Deputy (law)"; a team named as its role is not said twice ("Renegade").
function roleAndTeam(role, team) {
  if (!role) return "—";
  return team && team !== role ? `${roleName(role)} (${team})` : roleName(role);
}

// The sides a seat can win with ([GOAL-*]); with three players each plays alone, so the side is
// the role.
const SIDES = {
  law: "the law (the Sheriff and his Deputies)",
  outlaws: "the Outlaws",
  renegade: "the Renegade",
  deputy: "the Deputy",
  outlaw: "the Outlaw",
  sheriff: "the Sheriff",
};

// Which side won, and that a member eliminated on the way wins with it ([GOAL-DEAD-TEAMMATES]).
function sideWords(outcome, words) {
  const results = (outcome.results ?? []).filter((r) => r.won);
  const teams = [...new Set(results.map((r) => r.team).filter(Boolean))];
  if (!teams.length) return null;
  const side = teams.map((team) => SIDES[team] ?? team).join(" and ");
  const fallen = results.filter((r) => r.eliminated).map((r) => r.seat);
  const note = fallen.length ? ` ${words.names(fallen)} ${fallen.length === 1 ? "was" : "were"} eliminated but ${fallen.length === 1 ? "wins" : "win"} with the side.` : "";
  return h("p", { class: "why", text: `The winning side: ${side}, played by ${words.names(results.map((r) => r.seat))}.${note}` });
}

export function renderResult(view, words) {
  if (view.status !== "ended" || !view.outcome) return null;
  const outcome = view.outcome;
  const reason = outcome.reason ? END_REASONS[outcome.reason] ?? outcome.reason : "";
  const won = new Set(outcome.winners);
  const results = new Map((outcome.results ?? []).map((r) => [r.seat, r]));
  return [
    h("p", {
      class: "verdict",
      dataset: { winners: outcome.winners.join(",") },
      text: `Game over${reason ? `: ${reason}` : ""}. Won by ${words.names(outcome.winners) || "nobody"}.`,
    }),
    sideWords(outcome, words),
    h(
      "table",
      { class: "results" },
      h("caption", { text: "Every seat's result" }),
      h("thead", {}, h("tr", {}, ["Player", "Role (team)", "Result"].map((t) => h("th", { scope: "col", text: t })))),
      h(
        "tbody",
        {},
        view.seats.map((seat) => {
          const result = results.get(seat.seat);
          const wins = won.has(seat.seat);
          return h(
            "tr",
            { dataset: { seat: String(seat.seat), won: String(wins) } },
            h("th", { scope: "row", text: `${seat.name}${wins ? " (winner)" : ""}` }),
            h("td", { text: roleAndTeam(seat.role, result?.team) }),
            h("td", { text: `${wins ? "won" : "lost"}${seat.alive ? "" : ", eliminated"}` }),
          );
        }),
      ),
    ),
  ];
}
