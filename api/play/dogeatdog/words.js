// Everything the page says about Dog Eat Dog: the API speaks in ids (divisions, squares, track
// spaces, officials, Current Events, decisions, actions), people read words. The printed material
// (GET /rulesets/dogeatdog) names them; it is read defensively, so an id the material does not
// know is still shown, as itself.

import { capital, plural, seatLabel } from "../text.js";

// Every event tag of the game (domain/events/dogeatdog): the stream names each event by its tag
// (docs/WIRE.md), the ``type`` of its data as GET …/events says.
export const EVENT_TYPES = [
  "dogeatdog.GameOpened", "dogeatdog.SeatTaken", "dogeatdog.GameStarted",
  "dogeatdog.RedTapeShuffled", "dogeatdog.OfficialLaidOut", "dogeatdog.OfficialDealt",
  "dogeatdog.DiceRolled", "dogeatdog.RollOffWon", "dogeatdog.DivisionChosen",
  "dogeatdog.KitReceived", "dogeatdog.RoundBegan", "dogeatdog.TurnBegan", "dogeatdog.WindowOpened",
  "dogeatdog.WindowPassed", "dogeatdog.WindowWentOn", "dogeatdog.WindowClosed",
  "dogeatdog.StepBegan", "dogeatdog.StepEnded", "dogeatdog.RunnerMoved", "dogeatdog.TaxPaid",
  "dogeatdog.AcquisitionOffered", "dogeatdog.AcquisitionLetPass", "dogeatdog.GenevaReached",
  "dogeatdog.MovedToSwiss", "dogeatdog.TurnEnded", "dogeatdog.RoundEnded", "dogeatdog.GameEnded",
  "dogeatdog.StrikeCalled", "dogeatdog.StrikeEnded", "dogeatdog.AuctionCalled",
  "dogeatdog.BidMade", "dogeatdog.BidPassed", "dogeatdog.AuctionWon", "dogeatdog.SealedBidMade",
  "dogeatdog.SealedBidsRevealed", "dogeatdog.DiceBidOffered", "dogeatdog.DiceBidWon",
  "dogeatdog.DiceBidFailed", "dogeatdog.SquareReleased", "dogeatdog.PriceRolled",
  "dogeatdog.GoodsSold", "dogeatdog.SaleDeclined", "dogeatdog.SellingStopped",
  "dogeatdog.WagesPaid", "dogeatdog.WorkersHired", "dogeatdog.WorkersFired", "dogeatdog.Insolvent",
  "dogeatdog.WentBankrupt", "dogeatdog.Reorganised", "dogeatdog.ProductMade",
  "dogeatdog.ProductionStopped", "dogeatdog.PollutionOwed", "dogeatdog.PollutionPlaced",
  "dogeatdog.PollutionLapsed", "dogeatdog.SquareDegraded", "dogeatdog.RawExtracted",
  "dogeatdog.MarkerCollected", "dogeatdog.MarketBought", "dogeatdog.ExploitingStopped",
  "dogeatdog.BonusRoundBegan", "dogeatdog.RedTapeDrawn", "dogeatdog.CardDiscarded",
  "dogeatdog.CardKept", "dogeatdog.CardChoiceOffered", "dogeatdog.CardChoiceMade",
  "dogeatdog.PaidToBank", "dogeatdog.PaidByBank", "dogeatdog.PaidToPlayer",
  "dogeatdog.KickbackOffered", "dogeatdog.KickbackTaken", "dogeatdog.CardSold",
  "dogeatdog.RawTaken", "dogeatdog.MarkersRemoved", "dogeatdog.WorkersLost",
  "dogeatdog.WorkersGained", "dogeatdog.LoanTaken", "dogeatdog.LoanRepaid",
  "dogeatdog.BriberyOffered", "dogeatdog.BribeDeclined", "dogeatdog.BribeAttempted",
  "dogeatdog.OfficialBribed", "dogeatdog.BribeFailed", "dogeatdog.BriberyEnded",
  "dogeatdog.EmbezzlementDeclared", "dogeatdog.InvestigationDeclined",
  "dogeatdog.InvestigationPlayed", "dogeatdog.EmbezzlementStopped",
  "dogeatdog.EmbezzlementSucceeded", "dogeatdog.BonusSalesEnded",
  "dogeatdog.BonusEmbezzleDeclined", "dogeatdog.ComplianceAsked", "dogeatdog.ComplianceAnswered",
  "dogeatdog.ViolationDenounced", "dogeatdog.ViolationReported", "dogeatdog.ViolationExpired",
  "dogeatdog.InvocationOffered", "dogeatdog.LawInvoked", "dogeatdog.InvocationDeclined",
  "dogeatdog.InvocationResolved", "dogeatdog.InstructionGiven", "dogeatdog.InstructionWithdrawn",
  "dogeatdog.TradeProposed", "dogeatdog.TradeAccepted", "dogeatdog.TradeRejected",
  "dogeatdog.TradeWithdrawn", "dogeatdog.TradeLapsed",
];

export const STEPS = {
  move: "move",
  sell: "sell",
  payroll: "payroll",
  hire: "hire or fire",
  produce: "produce and pollute",
  exploit: "exploit and buy",
};

const STAGES = { 1: "pristine", 2: "stage 2", 3: "stage 3" };

// The step of a turn in which an owned law's owner is asked, by the law's trigger (the printed
// material's ``trigger``): taxes and a square's gain come in the move.
const LAW_STEPS = {
  payroll: "payroll",
  hire: "hire",
  fire: "hire",
  pollute: "produce",
  buy_marketplace: "exploit",
  exploit_raw: "exploit",
  sell_product: "sell",
  taxes: "move",
  gain_square: "move",
};

// "$12M": every amount of the game is in whole millions of dollars.
export function money(amount) {
  return `$${amount}M`;
}

// "2 coal", "1 steel": goods keep their names in the singular and plural alike.
export function goods(count, good) {
  return `${count} ${good}`;
}

export class Words {
  constructor(material, view) {
    this.material = material ?? {};
    this.view = view;
    const byId = (list) => new Map((list ?? []).map((item) => [item.id, item]));
    this.divisions = byId(this.material.divisions);
    this.officials = byId(this.material.officials);
    this.events = byId(this.material.current_events);
    this.squares = byId(this.material.squares);
    this.spaces = new Map((this.material.track ?? []).map((space) => [space.index, space]));
    this.cities = byId(this.material.track);
  }

  name(seat) {
    const player = this.view?.seats?.[seat];
    return player?.name || seatLabel(seat);
  }

  // "you" for the viewer's own seat, else the player's name.
  who(seat) {
    return seat === this.view?.viewer ? "you" : this.name(seat);
  }

  division(id) {
    return this.divisions.get(id)?.name ?? id ?? "no division";
  }

  // "paper = timber + chemicals"
  recipes(id) {
    const division = this.divisions.get(id);
    if (!division) return "";
    return division.recipes
      .map((recipe) => {
        const named = { any_raw: "any raw material", pollution: "pollution marker" };
        const inputs = Object.entries(recipe.inputs ?? {}).map(([raw, count]) =>
          count > 1 ? `${count} ${named[raw] ?? raw}s` : (named[raw] ?? raw),
        );
        return `${recipe.out} = ${inputs.join(" + ")}`;
      })
      .join("; ");
  }

  homeCity(id) {
    const city = this.divisions.get(id)?.home_city;
    return this.cities.get(city)?.name ?? city ?? "";
  }

  space(index) {
    return this.spaces.get(index)?.name ?? `space ${index}`;
  }

  official(id) {
    return this.officials.get(id)?.name ?? id;
  }

  law(id) {
    const official = this.officials.get(id);
    return official ? `${official.law_name}: ${official.law_text}` : id;
  }

  lawName(id) {
    return this.officials.get(id)?.law_name ?? id;
  }

  card(id) {
    return this.events.get(id)?.name ?? this.officials.get(id)?.name ?? id;
  }

  cardText(id) {
    return this.events.get(id)?.text ?? this.officials.get(id)?.law_text ?? "";
  }

  stage(stage) {
    return STAGES[stage] ?? `stage ${stage}`;
  }

  // The raw materials a square yields at a stage: "timber + iron", or "nothing".
  icons(id, stage) {
    const icons = this.squares.get(id)?.icons?.[stage - 1] ?? [];
    return icons;
  }

  // One side of a trade in words: "$3M, 1 timber and square F", or "nothing".
  side(side) {
    if (!side) return "nothing";
    const parts = [];
    if (side.money) parts.push(money(side.money));
    for (const [good, count] of side.goods ?? []) parts.push(goods(count, good));
    if (side.pollution_markers) parts.push(plural(side.pollution_markers, "pollution marker"));
    for (const card of side.cards ?? []) parts.push(this.card(card));
    for (const official of side.officials ?? []) parts.push(this.official(official));
    for (const square of side.squares ?? []) parts.push(`square ${square}`);
    if (!parts.length) return "nothing";
    return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
  }

  trade(gives, asks) {
    return `${this.side(gives)} for ${this.side(asks)}`;
  }

  offer(id) {
    return (this.view?.offers ?? []).find((offer) => offer.id === id) ?? null;
  }

  // The owned law its owner is asked whether to invoke, and against whom: {official, against},
  // or null when the view cannot tell. The view names neither, so they are found as the rules
  // find them: the owner's official whose trigger falls in the step under way ([LAW-OWNED]),
  // against the player on turn (a square's gain: whoever gained it).
  invocation(decision) {
    const turn = this.view?.turn;
    const owned = this.view?.seats?.[decision?.seat]?.officials ?? [];
    const due = owned.map((id) => this.officials.get(id)).filter((official) => official && LAW_STEPS[official.trigger] === turn?.step);
    if (due.length !== 1) return null;
    const against = due[0].trigger === "gain_square" ? "whoever gained the square" : this.name(turn.seat);
    return { official: due[0], against };
  }

  // The law a compliance question is about ([HONOUR-BREACH]), found as for an invocation: the
  // public law whose trigger falls in the step under way, or the pollution duty in the produce
  // step when no law does; null when the view cannot tell (several fit, or a law invoked).
  complianceLaw() {
    const step = this.view?.turn?.step;
    const fits = (this.view?.public_laws ?? []).map((id) => this.officials.get(id)).filter((official) => official && LAW_STEPS[official.trigger] === step);
    if (fits.length === 1) return fits[0];
    return !fits.length && step === "produce" ? "PRODUCE-POLLUTE" : null;
  }

  // What the seat must decide, after "You must …".
  decision(decision) {
    const turn = this.view?.turn;
    switch (decision?.kind) {
      case "division":
        return "choose the division you will run";
      case "window":
        return "act in the open window (embezzle, propose a trade) or pass";
      case "acquisition":
        return "decide on a square to acquire: auction it, bid with the dice, or let the chance pass";
      case "bid": {
        const auction = turn?.auction;
        if (!auction) return "bid in the auction or pass";
        const high = auction.high_bidder === null ? "" : `, highest ${money(auction.high_bid)} by ${this.who(auction.high_bidder)}`;
        return `bid for square ${auction.square}${high}, or pass`;
      }
      case "sealed_bid":
        return `make one sealed bid for square ${turn?.auction?.square ?? "?"}: nobody sees the bids until all are in, the highest wins and pays it (a tie goes to the first clockwise from whoever opened the auction)`;
      case "release":
        return "release one of your three squares (a division controls at most two)";
      case "geneva":
        return "say how much of your corporate account to move to your Swiss account (you landed on Geneva)";
      case "strike":
        return "end the strike: settle (double wages) or walk out (no wages, no work)";
      case "price":
        return "roll a price for a type of goods you hold, or stop selling";
      case "sell": {
        const sale = turn?.sale;
        return sale ? `say how much ${sale.good} you sell at ${money(sale.price)} each` : "say how much you sell";
      }
      case "staff":
        return "hire or fire workers, or keep your staff";
      case "produce":
        return "make products with your unused workers, or stop";
      case "pollute":
        return "place a pollution marker";
      case "exploit":
        return "extract raw materials from your squares and buy from the Marketplace, or stop";
      case "insolvency":
        return "go bankrupt or reorganise: you are insolvent";
      case "card":
        return `choose for the Current Event ${this.card(turn?.card)}`;
      case "bribe": {
        const card = turn?.bribery?.card;
        return card ? `decide whether to bribe ${this.official(card)} (${this.lawName(card)})` : "decide whether to bribe an official of the Public Laws";
      }
      case "investigation": {
        const who = this.view?.embezzlement?.seat;
        return `decide whether to play an Internal Investigation to stop ${who === undefined ? "the" : `${this.name(who)}'s`} embezzlement`;
      }
      case "embezzle":
        return "decide whether to embezzle once more in the bonus round";
      case "invoke": {
        const asked = this.invocation(decision);
        if (!asked) return "decide whether to invoke your law against another player";
        const { official, against } = asked;
        const [your, you] = decision.seat === this.view?.viewer ? ["your", "you"] : ["their", "them"];
        return `decide whether to invoke ${your} ${official.law_name} (${official.name}: ${official.law_text}) against ${against}; if invoked, ${against} may first try to bribe ${official.name} away from ${you}, and unless that succeeds the law applies to ${against} for the rest of the turn`;
      }
      case "comply": {
        if (decision.seat !== this.view?.viewer) return "comply with a law or breach it";
        const consequence = "a breach is recorded as a violation that any other player may denounce in an open window until your next turn begins: you then make it good and pay a $10M fine";
        const official = this.complianceLaw();
        if (official === "PRODUCE-POLLUTE")
          return `comply with the pollution duty (place every pollution marker you owe) or breach it (place fewer); ${consequence}`;
        if (official)
          return `comply with the ${official.law_name} (${official.law_text}) or breach it (pay as if there were no such law); ${consequence}`;
        return `comply with a law or breach it; ${consequence}`;
      }
      case "kickback": {
        if (decision.seat !== this.view?.viewer) return "decide how much of the money just received from other players goes to the Swiss account";
        const most = Math.max(0, ...(this.view?.actions ?? []).map((request) => (request.action.kind === "move_to_swiss" ? request.action.amount : 0)));
        return `decide how much of the money you just received from other players goes to your Swiss account instead of your corporate account (at most ${money(most)}), or none`;
      }
      case "answer_offer": {
        const offer = (this.view?.offers ?? []).find((o) => o.recipient === decision.seat);
        if (!offer) return "answer a trade offer";
        const note = offer.note ? ` (“${offer.note}”)` : "";
        // Said to the recipient: what he would get and give; to the others, the offer's sides.
        const what = decision.seat === this.view?.viewer
          ? `you would get ${this.side(offer.proposer_gives)} and give ${this.side(offer.recipient_gives)}`
          : `${this.side(offer.proposer_gives)} for ${this.side(offer.recipient_gives)}`;
        return `answer ${this.name(offer.proposer)}'s trade offer: ${what}${note}; accept or reject it`;
      }
      default:
        return `decide (${decision?.kind ?? "?"})`;
    }
  }

  // A move's words, for its button.
  action(action, decision) {
    switch (action.kind) {
      case "choose_division":
        return `Run ${this.division(action.division)} (${this.recipes(action.division)})`;
      case "pass":
        return decision?.kind === "embezzle" ? "Embezzle nothing" : "Pass";
      case "let_pass":
        return "Let the chance pass";
      case "move_to_swiss":
        return action.amount ? `Move ${money(action.amount)} to your Swiss account` : "Move nothing to your Swiss account";
      case "open_auction":
        return `Auction square ${action.square}`;
      case "dice_bid":
        return `Bid ${money(action.offer)} with the dice for square ${action.square}`;
      case "bid":
        return `Bid ${money(action.amount)}`;
      case "sealed_bid":
        return action.amount ? `Bid ${money(action.amount)} sealed` : "Make no bid";
      case "pass_bid":
        return "Pass (leave the auction)";
      case "release":
        return `Release square ${action.square}`;
      case "end_strike":
        return action.choice === "walkout" ? "Walk out: no wages, no work this turn" : "Settle: pay double wages";
      case "price":
        return `Roll a price for ${action.good}`;
      case "stop_selling":
        return "Stop selling";
      case "sell": {
        const price = this.view?.turn?.sale?.price;
        const good = this.view?.turn?.sale?.good ?? "";
        if (!action.count) return `Sell no ${good}`.trimEnd();
        return price ? `Sell ${goods(action.count, good)} for ${money(price * action.count)}` : `Sell ${goods(action.count, good)}`;
      }
      case "hire":
        return `Hire ${plural(action.count, "worker")}`;
      case "fire":
        return `Fire ${plural(action.count, "worker")}`;
      case "keep_staff":
        return "Neither hire nor fire";
      case "make":
        return action.raw ? `Make ${action.product} with ${action.raw}` : `Make ${action.product}`;
      case "stop_producing":
        return "Make nothing more";
      case "place_marker":
        return `Place the pollution marker on square ${action.square}`;
      case "extract":
        return `Extract ${action.raw} from square ${action.square}`;
      case "collect":
        return `Collect a pollution marker from square ${action.square}`;
      case "buy":
        return `Buy 1 ${action.good} from the Marketplace`;
      case "stop_exploiting":
        return "End your turn's exploiting and buying";
      case "choose_card":
        return action.choice.length ? `Choose ${action.choice.join(", ")}` : "Use nothing of the card";
      case "bribe":
        return `Offer ${money(action.offer)} to bribe ${this.official(action.card)}`;
      case "decline_bribe":
        return "Make no bribe";
      case "embezzle":
        return `Embezzle ${money(action.amount)}`;
      case "investigate":
        return "Play Internal Investigation";
      case "let_embezzle":
        return "Let the embezzlement go";
      case "invoke":
      case "decline_invoke": {
        const against = this.invocation(decision)?.against ?? "this player";
        if (action.kind === "invoke") return action.standing ? `Invoke it against ${against}, now and always` : `Invoke it against ${against}`;
        return action.standing ? `Do not invoke it, never against ${against}` : "Do not invoke it";
      }
      case "withdraw_instruction":
        return `Withdraw your standing instruction about ${this.lawName(action.card)} and ${this.name(action.target)}`;
      case "comply":
        return "Comply";
      case "breach":
        return action.placed ? `Breach: place only ${action.placed}` : "Breach the law";
      case "denounce":
        return `Denounce ${this.name(action.violator)}'s breach of ${this.lawName(action.rule)} in turn ${action.turn}`;
      case "self_report":
        return `Report your own breach of ${this.lawName(action.rule)} in turn ${action.turn}`;
      case "go_bankrupt":
        return "Go bankrupt (leave the game)";
      case "reorganise":
        return "Reorganise (a new division next turn)";
      case "propose_trade": {
        const counter = decision?.kind === "answer_offer" ? "Counter-offer: " : "";
        return `${counter}${counter ? "offer" : "Offer"} ${this.name(action.to)} ${this.trade(action.gives, action.asks)}`;
      }
      case "answer_offer": {
        const offer = this.offer(action.offer);
        if (!offer) return `${action.accept ? "Accept" : "Reject"} the trade`;
        return action.accept
          ? `Accept the trade: get ${this.side(offer.proposer_gives)}, give ${this.side(offer.recipient_gives)}`
          : `Reject the trade: keep ${this.side(offer.recipient_gives)}`;
      }
      case "withdraw_offer":
        return "Withdraw your trade offer";
      default:
        return capital(action.kind.replaceAll("_", " "));
    }
  }
}
