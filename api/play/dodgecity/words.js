// Everything the page says about Dodge City: the API speaks in ids (cards, figures, decisions,
// actions), people read words. Keeping the wording in one module keeps every screen consistent.

import { capital, plural } from "../text.js";

export const FIGURES = ["lady", "gunman", "sheriff", "bandit", "cowboy"];

export const STAGES = {
  start_round: "Start round",
  setting_round_1: "Setting round 1",
  setting_round_2: "Setting round 2",
  duel_round: "Duel round: committing duel cards",
  challenges: "Duel round: challenges",
  control_disputes: "Duel round: control disputes",
  scoring: "Scoring",
};

export const TURN_STEPS = {
  play: "playing a card",
  resolve: "resolving the card",
  buy: "buying stones",
  done: "finishing",
};

export const END_REASONS = {
  points: "a player reached 6 points",
  board_closed: "every building is closed",
  pass_limit: "the last pass is over",
};

export const DECISIONS = {
  commit_start_card: "choose a start card, face down",
  play_card: "play a card",
  place_picture_stones: "place the picture card's free stones",
  remove_opposing_stones: "remove opposing stones (Indian)",
  buy_stones: "buy stones, then end the turn",
  commit_duel_card: "choose a duel card, face down",
  challenge: "challenge someone to a duel",
  remove_loser_stone: "remove a stone of the duel's loser",
  choose_recipient: "choose who receives the stones",
  place_event_stones: "place the event card's stones",
  remove_own_stones: "remove own stones",
  give_stones: "give stones away",
  sell_stones: "sell stones to pay a debt",
};

// "done" ends whatever the seat is doing; say which.
const DONE = {
  place_picture_stones: "Done placing (give up the rest)",
  remove_opposing_stones: "Done removing",
  remove_loser_stone: "Remove no stone",
  place_event_stones: "Done placing (give up the rest)",
  remove_own_stones: "Done removing",
  give_stones: "Done giving",
  buy_stones: "Done buying",
};

// Every event type of the game, as its data's `type` says (the stream names each one
// `dodgecity.<type>`, game.js). EventSource only reports named events to listeners registered by
// name, so the page must know them all to notice every change.
export const EVENT_TYPES = [
  "BuildingClaimed", "BuildingNeutralised", "BuildingScored", "CardPlayed", "CardResolved",
  "CardRevealed", "CardsDealt", "CardsDiscarded", "CardsDrawn", "ChallengeIssued",
  "ChallengePassed", "DisputeResolved", "DrawPileShuffled", "DuelCardCommitted", "DuelFought",
  "EventCardDrawn", "EventCardResolved", "EventEffectEnded", "EventPileShuffled", "GameCreated",
  "GameEnded", "GameStarted", "MoneyPaid", "MoneyReceived", "PassBegan", "PlayerJoined",
  "RecipientChosen", "StageBegan", "StartCardCommitted", "StartCardsRevealed",
  "StartPlayerChosen", "StoneBought", "StonePlaced", "StoneRemovalDeclined", "StoneRemoved",
  "StoneSold", "StoneTransferred", "TieDuelCardDrawn", "TurnBegan", "TurnEnded",
];

export function money(amount) {
  return `$${amount}`;
}

// Words for one game: its deck (card ids mean different cards in each deck), its players and
// its buildings.
export class Words {
  constructor(catalog, view) {
    this.catalog = catalog;
    const deck = catalog.decks[view.variants?.deck] ?? catalog.decks.default_32 ?? [];
    this.cards = new Map(deck.map((card) => [card.id, card]));
    this.events = new Map(catalog.event_cards.map((card) => [card.id, card.text]));
    this.prices = new Map(catalog.figures.map((f) => [f.figure, f.stone_price]));
    this.players = view.players;
    this.buildings = new Map(view.buildings.map((b) => [b.id, b]));
    // Before the start the view has no buildings; the printed sheets name them all.
    this.sheets = new Map((catalog.buildings ?? []).map((b) => [b.id, b]));
  }

  // People count seats from 1.
  name(seat) {
    return this.players[seat]?.name ?? `seat ${seat + 1}`;
  }

  names(seats) {
    return this.list(seats.map((seat) => this.name(seat)));
  }

  // "a, b and c".
  list(items) {
    if (items.length <= 1) return items.join("");
    return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
  }

  // A card's unused part: removals for an Indian, free stones otherwise.
  forfeited(id, count) {
    return plural(count, this.cards.get(id)?.kind === "indian" ? "removal" : "free stone");
  }

  building(id) {
    return this.buildings.get(id)?.name ?? this.sheets.get(id)?.name ?? id;
  }

  card(id) {
    return this.cards.get(id);
  }

  // A short label such as "Lady 7", "Bandit picture 2", "Indian", "?".
  cardName(id) {
    if (id === "hidden") return "a face-down card";
    const card = this.cards.get(id);
    if (!card) return id;
    if (card.kind === "number") return `${capital(card.figure)} ${card.value}`;
    if (card.kind === "picture") return `${capital(card.figure)} picture ${card.value}`;
    if (card.kind === "indian") return "Indian";
    return "?";
  }

  // What playing the card does, for its tooltip and accessible description.
  cardEffect(id) {
    const card = this.cards.get(id);
    if (!card) return "";
    if (card.kind === "number") return `receive ${money(card.value * 100)} when played`;
    if (card.kind === "picture") {
      return `place ${plural(card.value, `free ${card.figure} stone`)} in one building`;
    }
    if (card.kind === "indian") return "remove up to 3 opposing stones";
    return "draw an event card";
  }

  eventText(id) {
    return this.events.get(id) ?? id;
  }

  // An event card by its first sentence, as players call it: "“Your people are amateurs!”".
  eventTitle(id) {
    const text = this.events.get(id);
    if (!text) return "an event card";
    return `“${text.split(/(?<=[.!?])\s/, 1)[0]}”`;
  }

  // What made something happen: a playing card, an event card or the duel.
  cause(cause) {
    if (cause === "duel") return "the duel";
    if (this.events.has(cause)) return `the event card ${this.eventTitle(cause)}`;
    return this.cardName(cause);
  }

  price(figure) {
    return this.prices.get(figure);
  }

  decision(decision) {
    let text = DECISIONS[decision.kind] ?? decision.kind.replaceAll("_", " ");
    if (decision.building) text += ` in the ${this.building(decision.building)}`;
    if (decision.kind === "sell_stones") text += ` (${money(decision.remaining)} owed)`;
    else if (decision.remaining) text += ` (${decision.remaining} left)`;
    if (decision.event) text += ` for the event card ${this.eventTitle(decision.event)}`;
    return text;
  }

  // A square for people: rows and columns counted from 1, from the building's top left.
  square(building, row, col) {
    return `the ${this.building(building)}, row ${row + 1}, column ${col + 1}`;
  }

  // One sentence for an action the seat may take, for its button or its accessible name;
  // ``decision`` (the seat's awaited one) says what "done" means at the moment.
  action(action, decision) {
    const at = () => this.square(action.building, action.row, action.col);
    const figureOf = () => action.figure ?? this.buildings.get(action.building)?.figure;
    switch (action.kind) {
      case "commit_card":
        return `Commit ${this.cardName(action.card)} face down`;
      case "play_card":
        return `Play ${this.cardName(action.card)}`;
      case "buy_stone": {
        const figure = figureOf();
        const claim = action.figure ? ` (claims it for the ${action.figure})` : "";
        return `Buy a ${figure} stone for ${money(this.price(figure))}: ${at()}${claim}`;
      }
      case "place_stone": {
        const claim = action.figure ? ` (claims it for the ${action.figure})` : "";
        return `Place a free ${figureOf() ?? ""} stone: ${at()}${claim}`.replace("  ", " ");
      }
      case "remove_stone":
        return `Remove the stone in ${at()}`;
      case "give_stone":
        return `Give away your stone in ${at()}`;
      case "sell_stone":
        return `Sell your stone in ${at()}`;
      case "challenge":
        return `Challenge ${this.name(action.opponent)} over the ${this.building(action.building)}`;
      case "choose_recipient":
        return `Give to ${this.name(action.seat)}`;
      case "pass":
        return "Pass: challenge nobody";
      case "done":
        return DONE[decision?.kind] ?? "Done";
      case "end_turn":
        return "End my turn";
      default:
        return action.kind.replaceAll("_", " ");
    }
  }
}
