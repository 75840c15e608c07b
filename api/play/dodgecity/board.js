// Drawing one Dodge City view: the facts of the moment, the players, a hand, and every building
// as its grid. The same drawing serves live play (with the seat's actions wired in) and replay
// (none).

import { h } from "../dom.js";
import { capital, plural } from "../text.js";
import { figurePicture, landmarkName, landmarkPicture } from "./pictures.js";
import { explainResult } from "./story.js";
import { STAGES, TURN_STEPS, money } from "./words.js";

const FIELD_KINDS = new Set(["buy_stone", "place_stone", "remove_stone", "give_stone", "sell_stone"]);
const CARD_KINDS = new Set(["commit_card", "play_card"]);
// A mark on top of colour, so a clickable square is recognisable without seeing colours. A sale
// is "−" (the stone leaves the board): "$" would read as the Dollar landmark.
const GLYPHS = { buy_stone: "+", place_stone: "+", remove_stone: "×", give_stone: "→", sell_stone: "−" };
export const GLYPH_WORDS = [
  ["+", "buy or place a stone"],
  ["×", "remove a stone"],
  ["→", "give a stone away"],
  ["−", "sell a stone"],
];

const fieldKey = (building, row, col) => `${building}:${row}:${col}`;

// Which control each listed action belongs to: a square, a card, or (the rest) a button.
export function sortActions(requests) {
  const fields = new Map();
  const cards = new Map();
  const others = [];
  requests.forEach((request, index) => {
    const action = request.action;
    if (FIELD_KINDS.has(action.kind)) {
      const key = fieldKey(action.building, action.row, action.col);
      fields.set(key, [...(fields.get(key) ?? []), index]);
    } else if (CARD_KINDS.has(action.kind)) {
      cards.set(action.card, [...(cards.get(action.card) ?? []), index]);
    } else {
      others.push(index);
    }
  });
  return { fields, cards, others };
}

// The API keeps ``turn`` (and ``turn_step``) from the last setting turn through the duel round
// and into the next start round; only during a setting round is it somebody's turn.
export function currentTurn(view) {
  return view.stage === "setting_round_1" || view.stage === "setting_round_2" ? view.turn : null;
}

// One or two characters per seat, shown on its stones: colour is never the only signal.
export function markers(players) {
  const initials = players.map((p) => (p.name.trim()[0] ?? "?").toUpperCase());
  return initials.map((initial, seat) =>
    initials.filter((other) => other === initial).length > 1 ? `${initial}${seat + 1}` : initial,
  );
}

function stone(seat, view, marks, words) {
  const player = view.players[seat];
  const whose = `${words.name(seat)}'s stone${player?.colour ? ` (${player.colour})` : ""}`;
  return h("span", {
    class: `stone colour-${player?.colour ?? "none"}`,
    role: "img",
    "aria-label": whose,
    title: whose,
    text: marks[seat] ?? "?",
  });
}

export function describeFigure(building) {
  if (!building.figure) return "Unclaimed";
  return `${capital(building.figure)} · ${plural(building.value ?? 0, "point")}`;
}

function statusWords(building, words) {
  if (building.status === "scored") {
    const who = building.scored_by === null ? "nobody" : words.name(building.scored_by);
    return `Scored by ${who}: closed`;
  }
  if (building.status === "neutral") return "Neutral: closed, nobody scored";
  if (building.controllers.length) return `Open · landmarks connected by ${words.names(building.controllers)}`;
  return "Open";
}

// interact: null for replay; else the shell's interaction (actions, decision, busy, open,
// claim(key, indices), choose(key)) with ``sorted``, the actions by square and card. A square
// or a card claims its actions; the shell makes buttons of the rest. While ``busy`` (a move is
// being sent) the shell ignores ``choose``.
// ``moved``: the last move was made in this building, which is marked.
function buildingCard(building, sheet, view, words, marks, interact, moved = false) {
  const stones = new Map(building.stones.map((s) => [fieldKey(building.id, s.row, s.col), s.seat]));
  const landmarks = new Map((sheet?.landmarks ?? []).map((l) => [`${l.row}:${l.col}`, l.symbol]));
  const fields = new Set((sheet?.fields ?? []).map(([row, col]) => `${row}:${col}`));
  const rows = sheet?.rows ?? 0;
  const cols = sheet?.cols ?? 0;
  const cells = [];
  for (let row = 0; row < rows; row += 1) {
    for (let col = 0; col < cols; col += 1) {
      const spot = `${row}:${col}`;
      const key = fieldKey(building.id, row, col);
      if (landmarks.has(spot)) {
        const symbol = landmarks.get(spot);
        const name = landmarkName(symbol);
        cells.push(
          h(
            "span",
            {
              class: "cell landmark",
              role: "img",
              "aria-label": `${name} (landmark)`,
              title: `Landmark: ${name}`,
              dataset: { landmark: symbol },
            },
            landmarkPicture(symbol),
          ),
        );
        continue;
      }
      if (!fields.has(spot)) {
        cells.push(h("span", { class: "cell void", "aria-hidden": "true" }));
        continue;
      }
      const owner = stones.get(key);
      const content = owner === undefined ? null : stone(owner, view, marks, words);
      const indices = interact?.sorted.fields.get(key);
      if (indices?.length) {
        const control = `field:${key}`;
        interact.claim(control, indices);
        const first = interact.actions[indices[0]].action;
        const label =
          indices.length === 1
            ? words.action(first, interact.decision)
            : `${words.square(building.id, row, col)}: choose among ${indices.length} moves`;
        cells.push(
          h(
            "button",
            {
              type: "button",
              class: `cell field act${owner === undefined ? "" : " has-stone"}`,
              "aria-label": label,
              title: label,
              "aria-disabled": interact.busy ? "true" : null,
              "aria-haspopup": indices.length > 1 ? "true" : null,
              "aria-expanded": indices.length > 1 ? String(interact.open === control) : null,
              dataset: { key: control, actionIndex: String(indices[0]) },
              onclick: () => interact.choose(control),
            },
            content,
            h("span", { class: "glyph", "aria-hidden": "true", text: GLYPHS[first.kind] ?? "•" }),
          ),
        );
      } else {
        cells.push(
          h(
            "span",
            { class: `cell field${owner === undefined ? " empty" : ""}` },
            content,
          ),
        );
      }
    }
  }
  const closed = building.status !== "open";
  const headingId = `building-${building.id}`;
  return h(
    "article",
    {
      class: `building status-${building.status}${closed ? " closed" : ""}${moved ? " last-move-here" : ""}`,
      "aria-labelledby": headingId,
      dataset: { building: building.id, status: building.status },
    },
    h(
      "header",
      {},
      h("h3", { id: headingId, text: building.name }),
      h(
        "p",
        { class: `figure figure-${building.figure ?? "none"}` },
        building.figure ? figurePicture(building.figure) : null,
        describeFigure(building),
      ),
    ),
    h("p", { class: "state", text: statusWords(building, words) }),
    h(
      "div",
      {
        class: "grid",
        role: "group",
        "aria-label": `${building.name}: ${rows} by ${cols} squares`,
        vars: { "--rows": String(rows), "--cols": String(cols) },
      },
      cells,
    ),
    landmarkLegend(sheet),
    h("p", {
      class: "hint",
      text: `${plural(building.stones.length, "stone")}; connect ${sheet?.landmarks_required ?? "?"} landmarks to control it`,
    }),
  );
}

// The building's landmarks by picture and name: the grid's squares are too small for words.
function landmarkLegend(sheet) {
  const symbols = [...new Set((sheet?.landmarks ?? []).map((l) => l.symbol))];
  if (!symbols.length) return null;
  return h(
    "ul",
    { class: "landmark-legend", "aria-label": "Landmarks" },
    symbols.map((symbol) =>
      h("li", { dataset: { landmark: symbol } }, landmarkPicture(symbol), h("span", { text: landmarkName(symbol) })),
    ),
  );
}

export function renderBuildings(view, catalog, words, interact, moved = null) {
  const sheets = new Map(catalog.buildings.map((b) => [b.id, b]));
  const marks = markers(view.players);
  if (!view.buildings.length) return h("p", { class: "quiet", text: "The board is laid out when the game starts." });
  const glyphs = interact?.sorted.fields.size
    ? h(
        "p",
        { class: "glyph-legend" },
        "Squares you may use are marked: ",
        GLYPH_WORDS.map(([glyph, meaning], index) => [
          index ? ", " : "",
          h("span", { class: "glyph", text: glyph }),
          ` ${meaning}`,
        ]),
        ".",
      )
    : null;
  return [
    glyphs,
    h(
      "div",
      { class: "buildings" },
      view.buildings.map((b) => buildingCard(b, sheets.get(b.id), view, words, marks, interact, moved?.building === b.id)),
    ),
  ];
}

function card(id, words, props = {}, extra = null) {
  const info = words.card(id);
  const kind = info?.kind ?? "hidden";
  const figure = info?.figure ?? "none";
  const effect = words.cardEffect(id);
  return h(
    props.onclick ? "button" : "span",
    {
      class: `card kind-${kind} figure-${figure}${props.onclick ? " act" : ""}`,
      title: effect || null,
      ...props,
    },
    h("span", { class: "card-name", text: words.cardName(id) }),
    effect ? h("span", { class: "card-effect", text: effect }) : null,
    extra,
  );
}

const verb = (action) => (action.kind === "commit_card" ? "▶ Commit" : "▶ Play");

// The viewer's own hand: each card is the control that plays or commits it.
export function renderHand(view, words, interact) {
  const me = view.viewer === null ? null : view.players[view.viewer];
  if (!me || !me.hand) return null;
  const items = me.hand.map((id) => {
    const indices = interact?.sorted.cards.get(id) ?? [];
    if (!indices.length) return h("li", {}, card(id, words));
    const control = `card:${id}`;
    interact.claim(control, indices);
    const label = words.action(interact.actions[indices[0]].action, interact.decision);
    return h(
      "li",
      {},
      card(id, words, {
        type: "button",
        "aria-label": `${label}: ${words.cardEffect(id)}`,
        "aria-disabled": interact.busy ? "true" : null,
        dataset: { key: control, actionIndex: String(indices[0]), card: id },
        onclick: () => interact.choose(control),
      }, h("span", { class: "card-verb", "aria-hidden": "true", text: verb(interact.actions[indices[0]].action) })),
    );
  });
  const committed = me.committed_card
    ? h("p", {}, "Committed face down: ", h("strong", { text: words.cardName(me.committed_card) }))
    : null;
  return [
    items.length ? h("ul", { class: "hand", "aria-label": "Your cards" }, items) : h("p", { class: "quiet", text: "No cards in hand." }),
    committed,
  ];
}

// ``allHands``: show the viewer's hand here too (the replay has no hand panel).
export function renderPlayers(view, words, { allHands = false, moved = null } = {}) {
  const marks = markers(view.players);
  const awaited = new Set(view.awaiting.map((d) => d.seat));
  return h(
    "ul",
    { class: "players" },
    view.players.map((p) => {
      const tags = [];
      if (p.seat === view.viewer) tags.push("you");
      if (p.bot) tags.push(`${p.bot} bot`);
      if (view.start_player === p.seat) tags.push("start player");
      if (currentTurn(view) === p.seat) tags.push("on turn");
      if (awaited.has(p.seat)) tags.push("deciding");
      if (view.winners.includes(p.seat)) tags.push("winner");
      if (moved?.seat === p.seat) tags.push("last move");
      if (moved?.targets.includes(p.seat)) tags.push("reached by the last move");
      const facts = [
        ["Money", money(p.money)],
        ["Points", String(p.points)],
        ["Value discs", p.value_discs.length ? p.value_discs.join(", ") : "none"],
        ["Cards", String(p.hand_size)],
        ["Stones", `${p.stones_on_board} on board, ${p.stones_in_supply} in supply`],
      ];
      if (p.committed || p.committed_card) {
        facts.push(["Committed", p.committed_card ? words.cardName(p.committed_card) : "a card, face down"]);
      }
      if (p.hand && (allHands || p.seat !== view.viewer)) {
        facts.push(["Hand", p.hand.length ? p.hand.map((c) => words.cardName(c)).join(", ") : "empty"]);
      }
      return h(
        "li",
        {
          class: `player colour-${p.colour}${awaited.has(p.seat) ? " awaited" : ""}${p.seat === view.viewer ? " me" : ""}${moved?.seat === p.seat ? " last-actor" : ""}`,
          dataset: { seat: String(p.seat), points: String(p.points) },
        },
        h(
          "p",
          { class: "who" },
          h("span", { class: `stone colour-${p.colour}`, "aria-hidden": "true", text: marks[p.seat] }),
          h("strong", { class: "name", text: p.name }),
          h("span", { class: "colour-name", text: ` (${p.colour})` }),
          tags.map((tag) => h("span", { class: `tag tag-${tag.replaceAll(" ", "-")}`, text: tag })),
        ),
        h(
          "dl",
          { class: "facts" },
          facts.map(([term, value]) => h("div", {}, h("dt", { text: term }), h("dd", { text: value }))),
        ),
      );
    }),
  );
}

// The game's part of the always-visible line (the shell adds status, whose decision it is and
// the version): the pass, the stage, whose turn and the start player, as [term, value, name].
export function gameFacts(view, words) {
  const seat = currentTurn(view);
  const step = view.turn_step ? `, ${TURN_STEPS[view.turn_step] ?? view.turn_step}` : "";
  return [
    ["Pass", `${view.pass_number} of ${view.variants.max_passes}`, "pass"],
    ["Stage", view.stage ? STAGES[view.stage] ?? view.stage : "—", "stage"],
    ["Turn", seat === null ? "—" : `${words.name(seat)}${step}`, "turn"],
    ["Start player", view.start_player === null ? "—" : words.name(view.start_player), "start-player"],
  ];
}

// What is on the table right now: the card in play, an event card, a duel.
export function renderTable(view, words, moved = null, movedId = "dodgecity-last-move") {
  const lines = [];
  if (moved?.text) lines.push(h("p", { id: movedId, class: "last-move" }, h("strong", { text: "Last move: " }), moved.text));
  if (view.played_card && currentTurn(view) !== null) {
    lines.push(h("p", {}, `${words.name(view.turn)} played `, h("strong", { text: words.cardName(view.played_card) }), `: ${words.cardEffect(view.played_card)}.`));
  }
  if (view.current_event) {
    const e = view.current_event;
    const to = e.recipient === null ? "" : ` (recipient: ${words.name(e.recipient)})`;
    lines.push(h("p", {}, `An event card for ${words.name(e.seat)}${to}: `, h("q", { text: words.eventText(e.event) })));
  }
  if (view.duel) {
    const d = view.duel;
    const result = d.winner === null ? "" : `; ${words.name(d.winner)} wins`;
    lines.push(h("p", { text: `Duel: ${words.name(d.challenger)} challenges ${words.name(d.opponent)} over the ${words.building(d.building)}${result}.` }));
  }
  lines.push(
    h("p", {
      class: "quiet",
      text: `Draw pile ${view.draw_pile_size} · discards ${view.discard_pile.length} · event pile ${view.event_pile_size}`,
    }),
  );
  return lines;
}

export function renderResult(view, words, events = []) {
  if (view.status !== "ended") return null;
  // The winners first (a tie on points is broken by the final duel), then by points and money.
  const won = (p) => (view.winners.includes(p.seat) ? 1 : 0);
  const ranked = [...view.players].sort((a, b) => won(b) - won(a) || b.points - a.points || b.money - a.money);
  const [over, ...why] = explainResult(view, words, events);
  return [
    h("p", { class: "verdict", text: over }),
    ...why.map((line) => h("p", { class: "why", text: line })),
    h(
      "table",
      { class: "results" },
      h("caption", { text: "Final points" }),
      h("thead", {}, h("tr", {}, ["Player", "Points", "Money", "Value discs"].map((t) => h("th", { scope: "col", text: t })))),
      h(
        "tbody",
        {},
        ranked.map((p) =>
          h(
            "tr",
            { dataset: { seat: String(p.seat), points: String(p.points) } },
            h("th", { scope: "row", text: `${p.name}${view.winners.includes(p.seat) ? " (winner)" : ""}` }),
            h("td", { class: "points", dataset: { points: String(p.points) }, text: String(p.points) }),
            h("td", { text: money(p.money) }),
            h("td", { text: p.value_discs.join(", ") || "none" }),
          ),
        ),
      ),
    ),
  ];
}
