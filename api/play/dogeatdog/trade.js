// The trade builder: in an open window the seat proposes a trade of its own making (RULES.md
// section 17), to any other player in the game, giving and asking what each holds: corporate
// money, raw materials and products, pollution markers, Current Event cards, Corrupt Officials
// and squares (never Swiss money, workers or divisions, so the form has no field for them).
// Asked to answer an offer, the seat may counter with one to whoever proposed. While its own
// offer is open, it may withdraw it. The API judges every proposal; a refusal is told here in
// plain words, with its rule in the page's problem box.

import { h } from "../dom.js";
import { capital } from "../text.js";
import { money } from "./words.js";

// The draft of a screen's trade (keyed by its panel), kept across redraws until it is sent.
const drafts = new WeakMap();
// What the panel was drawn for: it is drawn again only when that changes, so what the player
// is typing stays put while the page redraws for other reasons.
const drawnFor = new WeakMap();

const emptySide = () => ({ money: 0, goods: {}, pollution: 0, cards: new Set(), officials: new Set(), squares: new Set() });

function draftOf(panel) {
  let draft = drafts.get(panel);
  if (!draft) {
    draft = { to: null, gives: emptySide(), asks: emptySide(), note: "", refusal: "" };
    drafts.set(panel, draft);
  }
  return draft;
}

// A side of the draft as the API's DogEatDogTradeSide.
function sideOf(side) {
  return {
    money: side.money,
    goods: Object.entries(side.goods).filter(([, count]) => count > 0),
    pollution_markers: side.pollution,
    cards: [...side.cards],
    officials: [...side.officials],
    squares: [...side.squares],
  };
}

function isEmpty(side) {
  const api = sideOf(side);
  return !api.money && !api.goods.length && !api.pollution_markers && !api.cards.length && !api.officials.length && !api.squares.length;
}

// What a draft side may still name of what ``seat`` holds now (after a trade, a sale …).
function clamp(side, seat) {
  for (const [good, count] of Object.entries(side.goods)) side.goods[good] = Math.min(count, seat.goods?.[good] ?? 0);
  side.pollution = Math.min(side.pollution, seat.pollution_markers ?? 0);
  for (const [key, held] of [["cards", seat.current_events], ["officials", seat.officials], ["squares", seat.squares]]) {
    for (const item of side[key]) if (!held.includes(item)) side[key].delete(item);
  }
}

// Whom the seat may propose to now: everyone else still in the game, or only the proposer of the
// offer it is asked to answer (a counter-offer, [TRADE-COUNT]). Null when it may propose nothing.
function partnersOf(view, decision) {
  const me = view.viewer;
  if (decision?.kind === "window") return view.seats.filter((seat) => seat.seat !== me && seat.in_game).map((seat) => seat.seat);
  if (decision?.kind === "answer_offer") {
    const offer = (view.offers ?? []).find((o) => o.recipient === me);
    return offer ? [offer.proposer] : null;
  }
  return null;
}

// The refusal in plain words, by its rule; the page's problem box has the rule and the server's
// own detail.
function explain(problem, view, draft, words) {
  const me = view.seats[view.viewer];
  const partner = view.seats[draft.to];
  switch (problem.rule) {
    case "TRADE-PROPOSE":
      if (draft.gives.money > (me.corporate ?? 0)) return `you offered ${money(draft.gives.money)}, but your corporate account holds ${money(me.corporate ?? 0)}.`;
      if (partner && partner.corporate !== null && draft.asks.money > partner.corporate)
        return `you asked ${partner.name} for ${money(draft.asks.money)}, but ${partner.name}'s corporate account holds ${money(partner.corporate)}.`;
      return "each side gives only what its player holds now, and a trade goes to another player still in the game.";
    case "TRADE-LIMITS":
      return "pollution markers go only to Waste Mismanagement, and nobody may end up with more than three squares.";
    case "TRADE-COUNT":
      return "a player makes at most three proposals in one open window, and a counter-offer goes back to whoever proposed.";
    case "LAW-PUBLIC":
      return "whoever gains a square by a trade pays the Land Transfer Fee, and must be able to pay it.";
    case "OFFER-NOTE":
      return "the note must be plain text of at most 200 characters.";
    case "TURN-DECISIONS":
      return "you may propose a trade only when asked to act in an open window, or to answer an offer.";
    default:
      if (problem.isVersionConflict) return "the game moved on while you chose; look at the table again and send it once more.";
      return problem.detail ? `${problem.detail}.` : `${words.name(draft.to)} could not be offered this trade.`;
  }
}

// A number chosen from 0 to ``most``, as a list (goods, pollution markers).
function countSelect(key, label, value, most, onchange) {
  const select = h(
    "select",
    { dataset: { key }, onchange: () => onchange(Number(select.value)) },
    Array.from({ length: most + 1 }, (_, count) => h("option", { value: String(count), selected: count === value, text: String(count) })),
  );
  return h("label", { class: "trade-item" }, `${label} `, select);
}

function checkbox(key, label, checked, onchange) {
  const box = h("input", { type: "checkbox", checked, dataset: { key }, onchange: () => onchange(box.checked) });
  return h("label", { class: "trade-item check" }, box, ` ${label}`);
}

// One side's fields: everything ``seat`` holds that a trade may move.
function sideFields(name, seat, side, words, changed) {
  const toggle = (set, item) => (on) => {
    if (on) set.add(item);
    else set.delete(item);
    changed();
  };
  const moneyInput = h("input", {
    type: "number",
    min: "0",
    step: "1",
    inputmode: "numeric",
    value: side.money ? String(side.money) : "",
    placeholder: "0",
    dataset: { key: `${name}:money` },
    oninput: () => {
      side.money = Math.max(0, Math.floor(Number(moneyInput.value) || 0));
      changed(false);
    },
  });
  const holds = seat.corporate === null ? "undisclosed" : money(seat.corporate);
  const fields = [h("label", { class: "trade-item" }, `Money, $M (holds ${holds}) `, moneyInput)];
  for (const [good, held] of Object.entries(seat.goods ?? {})) {
    if (held > 0)
      fields.push(
        countSelect(`${name}:good:${good}`, `${capital(good)} (holds ${held})`, side.goods[good] ?? 0, held, (count) => {
          side.goods[good] = count;
          changed(false);
        }),
      );
  }
  if (seat.pollution_markers > 0)
    fields.push(
      countSelect(`${name}:pollution`, `Pollution markers (holds ${seat.pollution_markers})`, side.pollution, seat.pollution_markers, (count) => {
        side.pollution = count;
        changed(false);
      }),
    );
  for (const card of seat.current_events) fields.push(checkbox(`${name}:card:${card}`, `Card: ${words.card(card)}`, side.cards.has(card), toggle(side.cards, card)));
  for (const official of seat.officials)
    fields.push(checkbox(`${name}:official:${official}`, `Official: ${words.official(official)} (${words.lawName(official)})`, side.officials.has(official), toggle(side.officials, official)));
  for (const square of seat.squares) fields.push(checkbox(`${name}:square:${square}`, `Square ${square}`, side.squares.has(square), toggle(side.squares, square)));
  return fields;
}

const summaryOf = (draft, words) =>
  isEmpty(draft.gives) && isEmpty(draft.asks)
    ? "Choose what each side gives."
    : `You offer ${words.name(draft.to)} ${words.side(sideOf(draft.gives))} for ${words.side(sideOf(draft.asks))}.`;

function builder(panel, view, decision, partners, words, act) {
  const draft = draftOf(panel);
  if (!partners.includes(draft.to)) {
    draft.to = partners[0];
    draft.asks = emptySide();
  }
  clamp(draft.gives, view.seats[view.viewer]);
  clamp(draft.asks, view.seats[draft.to]);
  const countering = decision.kind === "answer_offer";
  const summary = h("p", { id: "dogeatdog-trade-summary", class: "trade-summary", text: summaryOf(draft, words) });
  const submit = h("button", { type: "submit", class: "primary", dataset: { key: "trade:send" }, disabled: isEmpty(draft.gives) && isEmpty(draft.asks), text: countering ? "Send the counter-offer" : "Propose this trade" });
  // A change of a count or the money shows in the summary at once; one of the sides' lists
  // (another partner, an item ticked) draws the form again.
  const changed = (redraw = true) => {
    draft.refusal = "";
    if (redraw) draw();
    else {
      summary.textContent = summaryOf(draft, words);
      submit.disabled = isEmpty(draft.gives) && isEmpty(draft.asks);
    }
  };
  const draw = () => {
    const focusKey = document.activeElement?.dataset?.key;
    panel.replaceChildren(builder(panel, view, decision, partners, words, act));
    if (focusKey) panel.querySelector(`[data-key="${CSS.escape(focusKey)}"]`)?.focus({ preventScroll: true });
  };
  const to = h(
    "select",
    {
      id: "dogeatdog-trade-to",
      dataset: { key: "trade:to" },
      disabled: partners.length === 1,
      onchange: () => {
        draft.to = Number(to.value);
        draft.asks = emptySide();
        changed();
      },
    },
    partners.map((seat) => h("option", { value: String(seat), selected: seat === draft.to, text: words.name(seat) })),
  );
  const note = h("input", {
    type: "text",
    maxlength: "200",
    value: draft.note,
    dataset: { key: "trade:note" },
    oninput: () => {
      draft.note = note.value;
    },
  });
  const refusal = h("p", { id: "dogeatdog-trade-refusal", class: "trade-refusal", role: "status", text: draft.refusal });
  const send = async (event) => {
    event.preventDefault();
    if (submit.getAttribute("aria-disabled") === "true") return; // a move is being sent
    const action = { kind: "propose_trade", to: draft.to, gives: sideOf(draft.gives), asks: sideOf(draft.asks), note: draft.note.trim() };
    const problem = await act({ action, expected_version: view.version });
    if (problem) {
      draft.refusal = `Not sent: ${explain(problem, view, draft, words)}`;
      const shown = document.getElementById("dogeatdog-trade-refusal");
      if (shown) shown.textContent = draft.refusal;
    } else drafts.delete(panel); // sent: the next trade starts from nothing
  };
  const partnerName = words.name(draft.to);
  return h(
    "form",
    { class: "trade-builder", "aria-describedby": "dogeatdog-trade-summary", onsubmit: send },
    h("p", { class: "hint", text: countering ? `Instead of answering, offer ${partnerName} a trade of your own: it replaces theirs.` : "Offer another player a trade of your own; they accept or reject it before the window goes on." }),
    h("label", { class: "trade-to" }, "To ", to),
    h(
      "div",
      { class: "trade-sides" },
      h("fieldset", { class: "trade-side", dataset: { side: "gives" } }, h("legend", { text: "You give" }), sideFields("gives", view.seats[view.viewer], draft.gives, words, changed)),
      h("fieldset", { class: "trade-side", dataset: { side: "asks" } }, h("legend", { text: `${partnerName} gives you` }), sideFields("asks", view.seats[draft.to], draft.asks, words, changed)),
    ),
    h("label", { class: "trade-note" }, "Note (binds nobody) ", note),
    summary,
    submit,
    refusal,
  );
}

// The seat's own open offer: what it says, and a button that takes it back ([OFFER-WITHDRAW]).
function openOffer(offer, words, act) {
  const withdraw = () => act({ action: { kind: "withdraw_offer", offer: offer.id } });
  return [
    h(
      "p",
      { class: "trade-open", dataset: { offer: String(offer.id) } },
      `Your offer to ${words.name(offer.recipient)} is open: you give ${words.side(offer.proposer_gives)} and get ${words.side(offer.recipient_gives)}. ${capital(words.name(offer.recipient))} must accept or reject it.`,
    ),
    h("button", { type: "button", dataset: { key: "trade:withdraw" }, onclick: withdraw, text: "Withdraw your offer" }),
  ];
}

// Draws the trade panel (shown only when the seat may trade or has an offer open); whether it
// shows. Focus in a control that is gone (the trade sent, withdrawn) moves to ``fallback``.
export function renderTrade(panel, body, view, words, act, busy, fallback = null) {
  if (!panel || !body) return false;
  const me = view.viewer;
  const decision = view.awaiting.find((d) => d.seat === me) ?? null;
  const mine = act && me !== null && view.status === "running" ? (view.offers ?? []).find((offer) => offer.proposer === me) : null;
  const partners = act && me !== null && view.status === "running" ? partnersOf(view, decision) : null;
  const shows = Boolean(mine || partners?.length);
  const hadFocus = body.contains(document.activeElement);
  panel.hidden = !shows;
  if (!shows) {
    drawnFor.delete(body);
    body.replaceChildren();
    if (hadFocus) fallback?.focus({ preventScroll: true });
    return false;
  }
  const key = JSON.stringify([view.version, decision?.kind ?? null, mine?.id ?? null, busy]);
  if (drawnFor.get(body) === key) return true;
  drawnFor.set(body, key);
  const focusKey = hadFocus ? document.activeElement.dataset?.key : undefined;
  body.replaceChildren(...[mine ? openOffer(mine, words, act) : builder(body, view, decision, partners, words, act)].flat());
  // While a move is sent the buttons say so but keep focus (the shell sends one move at a time).
  if (busy) for (const button of body.querySelectorAll("button")) button.setAttribute("aria-disabled", "true");
  if (!hadFocus) return true;
  const again = focusKey ? body.querySelector(`[data-key="${CSS.escape(focusKey)}"]`) : null;
  if (again && !again.disabled) again.focus({ preventScroll: true });
  else (body.querySelector("button:not([disabled]), select:not([disabled])") ?? fallback)?.focus({ preventScroll: true });
  return true;
}
