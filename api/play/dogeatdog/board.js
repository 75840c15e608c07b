// Dog Eat Dog's table on the page: the board (the 20-space track round the 4×4 map, laid on the
// 6×6 frame the printed material gives each space and square), the divisions' public accounts,
// the laws, the Marketplace, what the turn is doing, and the result. Colours carry meaning only
// together with words: a runner is its player's initial in the player's colour, and its name.

import { h } from "../dom.js";
import { plural } from "../text.js";
import { STEPS, goods, money } from "./words.js";

// The actions a square of the map stands for: the seat may use the square itself.
const ON_SQUARE = new Set(["place_marker", "release", "extract", "collect"]);

// A raw-material icon: its name, and on a phone its first two letters (the rules' own
// abbreviations: ti, ir, co, ch, oi), with the name as its tooltip.
function icon(raw) {
  return h(
    "span",
    { class: `icon raw-${raw}`, title: raw },
    h("span", { class: "long", text: raw }),
    h("span", { class: "short", "aria-hidden": "true", text: raw.slice(0, 2) }),
  );
}

// Where a space or square lies on the 6×6 frame (the material's [row, column], from 0).
const cell = (item) => ({ "--row": String(item.frame_cell[0] + 1), "--column": String(item.frame_cell[1] + 1) });

const initial = (name) => (name || "?").trim().charAt(0).toUpperCase();

function runner(seat, words, moved) {
  const name = words.name(seat.seat);
  return h("span", {
    class: `runner${moved?.seat === seat.seat ? " last-actor" : ""}`,
    dataset: { seat: String(seat.seat) },
    title: `${name}'s runner`,
    "aria-label": `${name}'s runner`,
    text: initial(name),
  });
}

function space(item, view, words, moved) {
  const here = view.seats.filter((seat) => seat.in_game && seat.runner === item.index);
  const owner = view.seats.find((seat) => seat.division && words.divisions.get(seat.division)?.home_city === item.id);
  return h(
    "li",
    {
      class: `space space-${item.kind}${item.corner ? " corner" : ""}`,
      dataset: { space: String(item.index) },
      vars: cell(item),
      title: item.action ?? item.name,
    },
    h("span", { class: "space-name", text: item.name }),
    owner ? h("span", { class: "space-home", text: `home of ${owner.name}` }) : null,
    here.length ? h("span", { class: "runners" }, here.map((seat) => runner(seat, words, moved))) : null,
  );
}

function squareCell(item, state, view, words, interact, moved) {
  const controller = state.controller === null ? null : view.seats[state.controller];
  const icons = words.icons(item.id, state.stage);
  const fringe = state.stage === 3 && item.edge;
  const body = [
    h("span", { class: "square-id", text: item.id }),
    h("span", { class: "square-stage", text: fringe ? "urban fringe" : words.stage(state.stage) }),
    h("span", { class: "icons" }, icons.length ? icons.map((raw) => icon(raw)) : h("span", { class: "icon none", text: "none" })),
    state.markers
      ? h("span", { class: "pollution" }, "●".repeat(state.markers), h("span", { class: "long", text: ` ${plural(state.markers, "pollution marker")}` }))
      : null,
    h("span", { class: "owner", text: controller ? `${controller.name}'s` : "nobody's" }),
  ];
  const classes = `square stage-${state.stage}${moved?.square === item.id ? " last-move" : ""}`;
  const data = {
    square: item.id,
    stage: String(state.stage),
    controller: state.controller === null ? "" : String(state.controller),
  };
  const indices = [];
  interact?.actions.forEach((request, index) => {
    if (ON_SQUARE.has(request.action.kind) && request.action.square === item.id) indices.push(index);
  });
  const label = `Square ${item.id}, ${fringe ? "urban fringe" : words.stage(state.stage)}, ${icons.length ? icons.join(" and ") : "no raw material"}, ${controller ? `controlled by ${controller.name}` : "nobody's"}${state.markers ? `, ${plural(state.markers, "pollution marker")}` : ""}`;
  if (!indices.length) return h("li", { class: classes, dataset: data, vars: cell(item), title: label }, body);
  const key = `square:${item.id}`;
  interact.claim(key, indices);
  const does = indices.length === 1 ? words.action(interact.actions[indices[0]].action, interact.decision) : `Square ${item.id}: choose among ${indices.length} moves`;
  return h(
    "li",
    { class: classes, dataset: data, vars: cell(item) },
    h(
      "button",
      {
        type: "button",
        class: "square-button act",
        title: does,
        "aria-label": `${does} (${label})`,
        "aria-disabled": interact.busy ? "true" : null,
        "aria-haspopup": indices.length > 1 ? "true" : null,
        "aria-expanded": indices.length > 1 ? String(interact.open === key) : null,
        dataset: { key, actionIndex: String(indices[0]) },
        onclick: () => interact.choose(key),
      },
      body,
      h("span", { class: "square-verb", "aria-hidden": "true", text: "▶ here" }),
    ),
  );
}

// The frame: track spaces on its ring, the map's squares inside, each on its printed cell.
export function renderBoard(view, words, interact, moved) {
  const states = new Map(view.squares.map((square) => [square.id, square]));
  const track = (words.material.track ?? []).map((item) => space(item, view, words, moved));
  const squares = (words.material.squares ?? []).map((item) =>
    squareCell(item, states.get(item.id) ?? { stage: 1, markers: 0, controller: null }, view, words, interact, moved),
  );
  return h("ol", { class: "board", "aria-label": "The track and the map" }, track, squares);
}

function list(items, empty) {
  return items.length ? items.join(", ") : empty;
}

function goodsOf(seat) {
  const held = Object.entries(seat.goods ?? {}).filter(([, count]) => count > 0).map(([good, count]) => goods(count, good));
  if (seat.pollution_markers) held.push(plural(seat.pollution_markers, "pollution marker"));
  return held;
}

// One division: its player, public accounts, workers, goods, squares, officials and Current
// Events; the Swiss account only where the view has it (your own seat, or everyone's at the end).
function seatPanel(seat, view, words, moved) {
  const you = seat.seat === view.viewer;
  const tags = [];
  if (you) tags.push("you");
  if (seat.bot) tags.push(`${seat.bot} bot`);
  if (view.status === "running" && view.turn?.seat === seat.seat) tags.push("on turn");
  if (view.status === "running" && view.awaiting.some((d) => d.seat === seat.seat)) tags.push("deciding");
  if (!seat.in_game) tags.push("out of the game");
  if ((view.outcome?.winners ?? []).includes(seat.seat)) tags.push("winner");
  const classes = ["division"];
  if (you) classes.push("me");
  if (tags.includes("on turn")) classes.push("on-turn");
  if (moved?.seat === seat.seat) classes.push("last-actor");
  if (moved?.targets?.includes(seat.seat)) classes.push("last-target");
  const row = (term, value, name) => [h("dt", { text: term }), h("dd", { dataset: name ? { fact: name } : {}, text: value })];
  const corporate = seat.corporate === null ? "undisclosed (embezzling)" : money(seat.corporate);
  const swiss = seat.swiss === null || seat.swiss === undefined ? null : money(seat.swiss);
  return h(
    "li",
    { class: classes.join(" "), dataset: { seat: String(seat.seat) } },
    h(
      "div",
      { class: "division-head" },
      h("span", { class: "runner", dataset: { seat: String(seat.seat) }, "aria-hidden": "true", text: initial(seat.name) }),
      h("span", { class: "name", text: seat.name }),
      tags.length ? h("span", { class: "tags", text: ` (${tags.join(", ")})` }) : null,
    ),
    h("div", { class: "division-name", text: seat.division ? `${words.division(seat.division)} — ${words.recipes(seat.division)}` : "no division yet" }),
    h(
      "dl",
      { class: "accounts" },
      row("Corporate", corporate, "corporate"),
      swiss === null ? null : row(you && view.status !== "ended" ? "Swiss (only you see it)" : "Swiss", swiss, "swiss"),
      seat.embezzling ? row("Embezzling", money(seat.embezzling), "embezzling") : null,
      row("Workers", String(seat.workers), "workers"),
      row("Goods", list(goodsOf(seat), "none"), "goods"),
      row("Squares", list(seat.squares.map((id) => `square ${id}`), "none"), "squares"),
      row("Runner", seat.runner === null ? "off the board" : words.space(seat.runner), "runner"),
      seat.officials.length ? row("Officials", list(seat.officials.map((id) => `${words.official(id)} (${words.lawName(id)})`), ""), "officials") : null,
      seat.current_events.length ? row("Cards", list(seat.current_events.map((id) => words.card(id)), ""), "cards") : null,
      seat.violations?.length ? row("Violations (only you see them)", list(seat.violations.map((v) => violation(v, words)), ""), "violations") : null,
    ),
  );
}

// A live violation of [VAR-HONOUR], as the view gives it to its violator: (rule, turn, shortfall).
function violation([rule, turn, shortfall], words) {
  if (rule === "PRODUCE-POLLUTE") return `the pollution duty in turn ${turn}, ${plural(shortfall, "marker")} short`;
  return `${words.lawName(rule)} in turn ${turn}, ${money(shortfall)} short`;
}

export function renderSeats(view, words, moved) {
  return h("ul", { class: "divisions" }, view.seats.map((seat) => seatPanel(seat, view, words, moved)));
}

// The laws in force: the Public Laws sheet's, and each owned official with its owner.
export function renderLaws(view, words) {
  const law = (id, owner) =>
    h(
      "li",
      { dataset: { official: id, owner: owner === null ? "" : String(owner) } },
      h("strong", { text: words.lawName(id) }),
      ` (${words.official(id)}, ${owner === null ? "public law: applies to everyone" : `owned by ${words.name(owner)}, who is immune and may invoke it`}): `,
      words.cardText(id),
    );
  const owned = view.seats.flatMap((seat) => seat.officials.map((id) => law(id, seat.seat)));
  const items = [...view.public_laws.map((id) => law(id, null)), ...owned];
  return items.length ? h("ul", { class: "laws" }, items) : h("p", { class: "quiet", text: "No law yet." });
}

export function renderMarket(view) {
  const market = Object.entries(view.marketplace ?? {});
  const supply = Object.entries(view.supply ?? {}).map(([good, count]) => goods(count, good));
  return [
    h("p", {}, h("strong", { text: "Marketplace: " }), market.length ? market.map(([good, count]) => goods(count, good)).join(", ") : "empty"),
    h("p", { class: "quiet" }, `Supply: ${supply.join(", ")}; ${plural(view.supply_workers, "worker")}; ${plural(view.supply_pollution, "pollution marker")}.`),
    h("p", { class: "quiet" }, `Red Tape deck: ${plural(view.deck_size, "card")}; ${plural(view.discard.length, "card")} discarded.`),
  ];
}

// What the turn is doing now: whose turn and step, the auction, the sale, the bribery, the
// embezzlement awaiting its holders, the trade on offer, and the last move's words.
export function renderTurn(view, words, moved, lastMoveId) {
  const turn = view.turn;
  const lines = [];
  if (view.status === "running" && turn) {
    const step = turn.step ? `, step: ${STEPS[turn.step] ?? turn.step}` : turn.window ? ", an open window" : "";
    lines.push(h("p", { class: "turn-line" }, `Round ${view.round}, turn ${turn.number}: ${words.name(turn.seat)}'s${step}.`));
    if (turn.auction) {
      const a = turn.auction;
      if (a.sealed) {
        // One round of secret bids: who is still to bid, never what the others bid.
        const waiting = (a.waiting ?? a.bidders).map((s) => words.name(s)).join(", ") || "nobody";
        lines.push(h("p", {}, `Auction of square ${a.square}: sealed bids, secret until all are in; still to bid: ${waiting}.`));
      } else {
        const high = a.high_bidder === null ? "no bid yet" : `highest bid ${money(a.high_bid)} by ${words.name(a.high_bidder)}`;
        lines.push(h("p", {}, `Auction of square ${a.square}: ${high}; still bidding: ${a.bidders.map((s) => words.name(s)).join(", ") || "nobody"}.`));
      }
    }
    if (turn.strike) {
      const how = turn.strike === "walkout" ? "walked out: no wages and no work this turn" : "settled: double wages this turn";
      lines.push(h("p", {}, `Strike: ${words.name(turn.seat)} ${how}.`));
    }
    if (turn.sale) lines.push(h("p", {}, `On sale: ${turn.sale.good} at ${money(turn.sale.price)} each.`));
    if (turn.priced.length) lines.push(h("p", { class: "quiet" }, `Priced this turn: ${turn.priced.join(", ")}.`));
    if (turn.bribery) {
      const card = turn.bribery.card;
      lines.push(h("p", {}, `Bribery: ${card ? `${words.official(card)} (${words.lawName(card)})` : "a public law"}; still to be asked: ${turn.bribery.asked.map((s) => words.name(s)).join(", ") || "nobody"}.`));
    }
    if (turn.card) lines.push(h("p", {}, `Current Event: ${words.card(turn.card)}: ${words.cardText(turn.card)}`));
    if (turn.borrowed) lines.push(h("p", {}, `Borrowed from the bank this turn: ${money(turn.borrowed)} (repay twice that).`));
  } else if (view.status === "running") {
    lines.push(h("p", {}, "Choosing divisions."));
  }
  if (view.embezzlement) lines.push(h("p", {}, `${words.name(view.embezzlement.seat)} declared an embezzlement (the amount is secret).`));
  for (const offer of view.offers ?? []) {
    lines.push(
      h("p", { class: "offer" }, `Trade on offer: ${words.name(offer.proposer)} offers ${words.name(offer.recipient)} ${words.trade(offer.proposer_gives, offer.recipient_gives)}${offer.note ? ` (“${offer.note}”)` : ""}.`),
    );
  }
  if (moved?.text) lines.push(h("p", { id: lastMoveId, class: "last-move-words" }, h("strong", { text: "Last move: " }), moved.text));
  return lines.length ? lines : h("p", { class: "quiet", text: "Nothing under way." });
}

const REASONS = {
  "END-SWISS-150": "a Swiss account reached the target",
  "END-STAGE3": "the last square reached stage 3, and the bonus round was played",
  "END-STALL": "two rounds passed with nothing made, and the bonus round was played",
  "END-LIMIT": "round 100 ended, and the bonus round was played",
  "OPT-SHORT-ROUNDS": "the sixth round ended",
  "BANKRUPT-OUT": "every other player went bankrupt",
};

// The result: who won, why, and every Swiss account (all shown once the game is over).
export function renderResult(view, words) {
  const outcome = view.outcome;
  if (view.status !== "ended" || !outcome) return null;
  const winners = outcome.winners ?? [];
  const names = winners.map((seat) => words.name(seat));
  const reason = REASONS[outcome.reason] ?? outcome.reason ?? "";
  return [
    h("p", { class: "verdict", dataset: { winners: winners.join(",") } }, `Game over. ${names.length ? `Won by ${names.join(" and ")}` : "Nobody won"}.`),
    reason ? h("p", { class: "why", text: `The game ended because ${reason}; the most money in the Swiss account wins.` }) : null,
    h(
      "table",
      { class: "results" },
      h("caption", { text: "Swiss accounts at the end" }),
      h("thead", {}, h("tr", {}, h("th", { text: "Rank" }), h("th", { text: "Player" }), h("th", { text: "Swiss account" }))),
      h(
        "tbody",
        {},
        [...(outcome.results ?? [])]
          .sort((a, b) => a.rank - b.rank)
          .map((result) =>
            h(
              "tr",
              { dataset: { seat: String(result.seat), won: String(result.won) } },
              h("td", { text: String(result.rank) }),
              h("td", { text: words.name(result.seat) }),
              h("td", { text: money(result.score) }),
            ),
          ),
      ),
    ),
  ];
}

// The printed material's notice: the board and cards are designed for this engine.
export function renderNotice(material) {
  const parts = material?.designed_parts ?? [];
  return h(
    "details",
    { class: "notice" },
    h("summary", { text: "The board, the laws and most cards are designed for this engine, not the publisher's." }),
    material?.notice ? h("p", { text: material.notice }) : null,
    parts.length ? h("ul", {}, parts.map((part) => h("li", { text: part }))) : null,
  );
}

export function gameFacts(view, words) {
  const facts = [];
  if (view.round) facts.push(["Round", String(view.round), "round"]);
  facts.push(["Target", `${money(view.settings?.target ?? 150)} Swiss${view.settings?.round_limit ? ` or ${view.settings.round_limit} rounds` : ""}`, "target"]);
  const me = view.viewer === null ? null : view.seats[view.viewer];
  if (me?.swiss !== null && me?.swiss !== undefined && view.status === "running") facts.push(["Your Swiss", money(me.swiss), "swiss"]);
  return facts;
}
