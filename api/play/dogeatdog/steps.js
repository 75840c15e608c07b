// A Dog Eat Dog move told step by step, for the shell's question when one button stands for many
// moves (../README.md, ``actionSteps``): embezzle, then how much; a dice bid, then which square,
// then what offer; a trade, then to whom, then which. Each step is {key, text, ask}.

import { money } from "./words.js";

const amount = (value, ask = "How much?") => ({ key: `amount:${value}`, text: money(value), ask });
const square = (id, ask = "Which square?") => ({ key: `square:${id}`, text: `square ${id}`, ask });

export function actionSteps(action, decision, words) {
  switch (action.kind) {
    case "embezzle":
      return [{ key: "embezzle", text: "embezzle into your Swiss account", ask: "What?" }, amount(action.amount)];
    case "move_to_swiss":
      if (!action.amount) return null;
      return [{ key: "move_to_swiss", text: "move money to your Swiss account", ask: "What?" }, amount(action.amount)];
    case "bid":
      return [{ key: "bid", text: "raise the bid", ask: "What?" }, amount(action.amount, "Your bid?")];
    case "sealed_bid":
      if (!action.amount) return null;
      return [{ key: "sealed_bid", text: "make a sealed bid", ask: "What?" }, amount(action.amount, "Your bid?")];
    case "bribe":
      return [
        { key: `bribe:${action.card}`, text: `bribe ${words.official(action.card)}`, ask: "What?" },
        amount(action.offer, "Your offer (paid whatever happens; the dice must roll at most it)?"),
      ];
    case "open_auction":
      return [{ key: "open_auction", text: "auction a square", ask: "What?" }, square(action.square)];
    case "dice_bid":
      return [
        { key: "dice_bid", text: "bid with the dice for a square", ask: "What?" },
        square(action.square),
        amount(action.offer, "Your offer (paid only if the dice roll at most it)?"),
      ];
    case "hire":
    case "fire":
      return [
        { key: action.kind, text: `${action.kind} workers`, ask: "What?" },
        { key: `count:${action.count}`, text: String(action.count), ask: "How many?" },
      ];
    case "sell":
      if (!action.count) return null;
      return [
        { key: "sell", text: `sell ${words.view?.turn?.sale?.good ?? ""}`.trimEnd(), ask: "What?" },
        { key: `count:${action.count}`, text: words.action(action, decision).replace(/^Sell /, ""), ask: "How many?" },
      ];
    case "extract":
      return [
        { key: "extract", text: "extract raw materials", ask: "What?" },
        square(action.square),
        { key: `raw:${action.raw}`, text: action.raw, ask: "Which raw material?" },
      ];
    case "buy":
      return [
        { key: "buy", text: "buy from the Marketplace", ask: "What?" },
        { key: `good:${action.good}`, text: action.good, ask: "Which good?" },
      ];
    case "make":
      return [
        { key: "make", text: "make a product", ask: "What?" },
        { key: `make:${action.product}:${action.raw ?? ""}`, text: words.action(action, decision).replace(/^Make /, ""), ask: "Which product?" },
      ];
    case "choose_card":
      if (!action.choice.length) return null;
      return [
        { key: "choose_card", text: `choose for ${words.card(words.view?.turn?.card)}`, ask: "What?" },
        { key: `choice:${action.choice.join("+")}`, text: action.choice.join(", "), ask: "Which?" },
      ];
    case "propose_trade":
      return [
        { key: "propose_trade", text: "propose a trade", ask: "What?" },
        { key: `to:${action.to}`, text: words.name(action.to), ask: "To whom?" },
        { key: `trade:${JSON.stringify([action.gives, action.asks])}`, text: `give ${words.trade(action.gives, action.asks)}`, ask: "Which trade?" },
      ];
    case "place_marker":
      return [{ key: "place_marker", text: "place the pollution marker", ask: "What?" }, square(action.square)];
    case "release":
      return [{ key: "release", text: "release a square", ask: "What?" }, square(action.square)];
    case "collect":
      return [{ key: "collect", text: "collect a pollution marker", ask: "What?" }, square(action.square)];
    default:
      return null; // one step: the move's own words
  }
}

// The moves a player makes by choice; the last one is the table's last move. The rolls, payments
// and cards they set off are part of it.
const MOVES = new Set([
  "dogeatdog.DivisionChosen", "dogeatdog.EmbezzlementDeclared", "dogeatdog.AuctionCalled",
  "dogeatdog.BidMade", "dogeatdog.BidPassed", "dogeatdog.SealedBidMade", "dogeatdog.DiceBidOffered",
  "dogeatdog.AcquisitionLetPass", "dogeatdog.SquareReleased", "dogeatdog.PriceRolled",
  "dogeatdog.GoodsSold", "dogeatdog.WorkersHired", "dogeatdog.WorkersFired", "dogeatdog.ProductMade",
  "dogeatdog.PollutionPlaced", "dogeatdog.RawExtracted", "dogeatdog.MarkerCollected",
  "dogeatdog.MarketBought", "dogeatdog.BribeAttempted", "dogeatdog.MovedToSwiss",
  "dogeatdog.StrikeEnded", "dogeatdog.CardChoiceMade", "dogeatdog.InvestigationPlayed",
  "dogeatdog.LawInvoked", "dogeatdog.TradeProposed", "dogeatdog.TradeAccepted",
  "dogeatdog.TradeRejected", "dogeatdog.TradeWithdrawn", "dogeatdog.WentBankrupt",
  "dogeatdog.Reorganised",
]);

// {version, seat, targets, square} of the last move in ``events``, or null before the first.
export function lastMove(events) {
  const offers = new Map(); // offer id → {proposer, recipient}
  let found = null;
  for (const event of events) {
    if (event.type === "dogeatdog.TradeProposed") offers.set(event.offer, event);
    if (!MOVES.has(event.type)) continue;
    const trade = offers.get(event.offer);
    let seat = event.seat ?? event.proposer ?? null;
    const targets = [];
    if (event.type === "dogeatdog.TradeProposed") targets.push(event.recipient);
    if (trade && event.type !== "dogeatdog.TradeProposed") {
      // An answer is the recipient's move; a withdrawal the proposer's.
      seat = event.type === "dogeatdog.TradeWithdrawn" ? trade.proposer : trade.recipient;
      targets.push(seat === trade.proposer ? trade.recipient : trade.proposer);
    }
    if (seat === null) continue;
    found = { version: event.originator_version, seat, targets, square: event.square ?? null };
  }
  return found;
}
