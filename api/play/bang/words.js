// Everything the page says about BANG! – Dodge City: the API speaks in ids (cards, characters,
// roles, decisions, actions), people read words. The printed material (GET /rulesets/bang) names
// the cards and characters; it is read defensively, so a card the material does not know is
// still shown, by its id.

import { capital, plural } from "../text.js";

// Every event tag of the game (domain/events/bang): the stream names each event
// `<ruleset>.<Event>` (docs/WIRE.md), which for this game is its tag, the `type` of its data
// ("bang.CardPlayed"), as GET …/events says.
export const EVENT_TAGS = [
  "bang.GameOpened", "bang.SeatTaken", "bang.GameStarted", "bang.RoleDealt", "bang.CharacterDealt",
  "bang.PileShuffled", "bang.CardsDrawn", "bang.TurnBegan", "bang.PhaseBegan", "bang.TurnEnded",
  "bang.CardPlayed", "bang.CardUsed", "bang.CardPutInPlay", "bang.CardDiscarded", "bang.CardTaken",
  "bang.DynamitePassed", "bang.CheckDrawn", "bang.EffectStarted", "bang.EffectReached",
  "bang.TargetResolved", "bang.ResolutionAbandoned", "bang.EffectEnded", "bang.StoreRevealed",
  "bang.StoreCardPicked", "bang.Answered", "bang.HitAimed", "bang.HitCancelled", "bang.HitTaken",
  "bang.ReactionDeclined", "bang.LossThreatened", "bang.LossReduced", "bang.LossResolved",
  "bang.LifeGained", "bang.LifePaid", "bang.AbilityUsed", "bang.AbilityCopied",
  "bang.PlayerEliminated", "bang.GameEnded",
];

export const EVENT_TYPES = EVENT_TAGS;

export const PHASES = {
  checks: "start-of-turn checks",
  draw: "phase I, drawing",
  play: "phase II, playing cards",
  discard: "phase III, discarding",
};

export const END_REASONS = {
  "END-SHERIFF-DIES": "the Sheriff was eliminated",
  "END-LAW-WINS": "every Outlaw and the Renegade were eliminated",
  "THREE-WIN-TARGET": "a player eliminated his target",
  "THREE-LAST-STANDING": "one player is left standing",
};

const SUITS = { hearts: "♥", diamonds: "♦", clubs: "♣", spades: "♠" };

export const ROLE_NAMES = { sheriff: "Sheriff", deputy: "Deputy", outlaw: "Outlaw", renegade: "Renegade" };

export function roleName(role) {
  return ROLE_NAMES[role] ?? capital(String(role ?? ""));
}

// "Sheriff, Deputy, 2 Outlaws, Renegade": the roles of the game, in their own order.
export function roleSet(roles) {
  const counts = new Map();
  for (const role of roles) counts.set(role, (counts.get(role) ?? 0) + 1);
  const order = ["sheriff", "deputy", "outlaw", "renegade"];
  return [...counts]
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
    .map(([role, count]) => (count === 1 ? roleName(role) : `${count} ${roleName(role)}s`))
    .join(", ");
}

// The material's list (or map) of things by id.
function byId(list) {
  if (!list) return new Map();
  const items = Array.isArray(list) ? list : Object.entries(list).map(([id, item]) => ({ id, ...item }));
  return new Map(items.filter((item) => item && item.id).map((item) => [item.id, item]));
}

function text(name) {
  if (typeof name === "string") return name;
  return name?.en ?? null;
}

// From a card id such as "bang-ah" or "buffalo-rifle-qc": "Bang", "Buffalo Rifle".
function nameFromId(id) {
  const words = String(id).split("-").slice(0, -1);
  return words.length ? words.map(capital).join(" ") : String(id);
}

// Words for one game: the material's cards and characters, and the view's seats.
export class Words {
  constructor(material, view) {
    this.cards = byId(material?.cards);
    this.characters = byId(material?.characters);
    this.view = view;
    this.seats = view.seats ?? [];
  }

  name(seat) {
    if (seat === null || seat === undefined) return "nobody";
    return this.seats[seat]?.name ?? `seat ${seat + 1}`; // people count seats from 1
  }

  // "you" for the viewer, else the seat's name.
  who(seat) {
    return seat === this.view.viewer ? "you" : this.name(seat);
  }

  whose(seat) {
    return seat === this.view.viewer ? "your" : `${this.name(seat)}'s`;
  }

  names(seats) {
    const named = seats.map((seat) => this.name(seat));
    if (named.length <= 1) return named.join("");
    return `${named.slice(0, -1).join(", ")} and ${named.at(-1)}`;
  }

  card(id) {
    return this.cards.get(id) ?? null;
  }

  // The printed name: "BANG!", "Missed!".
  cardName(id) {
    if (id === null || id === undefined) return "a card";
    if (id === "?" || id === "hidden") return "a hidden card";
    return text(this.card(id)?.name) ?? nameFromId(id);
  }

  // The card's sign: "A♥"; "" when the material does not know it.
  cardSign(id) {
    const card = this.card(id);
    if (!card || !card.value) return "";
    return `${card.value}${SUITS[card.suit] ?? ""}`;
  }

  // The sign spelt out for assistive technology and tooltips: "A of hearts".
  cardSignWords(id) {
    const card = this.card(id);
    return card?.value ? `${card.value} of ${card.suit}` : "";
  }

  // "BANG! A♥": the name and sign, where one card must be told from another.
  cardLabel(id) {
    const sign = this.cardSign(id);
    return sign ? `${this.cardName(id)} ${sign}` : this.cardName(id);
  }

  border(id) {
    return this.card(id)?.border ?? "unknown";
  }

  kind(id) {
    return this.card(id)?.kind ?? "";
  }

  // What the card does, from its material, for its tooltip.
  cardNote(id) {
    const card = this.card(id);
    if (!card) return "";
    const parts = [];
    if (card.border === "blue") parts.push("blue: stays in play");
    else if (card.border === "green") parts.push("green: in play, usable from your next turn");
    if (card.range !== null && card.range !== undefined) parts.push(`weapon, range ${card.range}`);
    if (card.discard_cost) parts.push("costs one more card from your hand");
    if (card.effect) parts.push(card.effect);
    return parts.join("; ");
  }

  character(id) {
    return this.characters.get(id) ?? null;
  }

  characterName(id) {
    if (!id) return "no character yet";
    return text(this.character(id)?.name) ?? id.split("-").map(capital).join(" ");
  }

  characterSummary(id) {
    return this.character(id)?.summary ?? "";
  }

  // What a resolving frame is made of: the card, or the ability that caused it.
  frameCause(frame) {
    if (frame?.card) return this.cardName(frame.card);
    if (frame?.effect && this.characters.has(frame.effect)) return `${this.characterName(frame.effect)}'s shot`;
    if (frame?.effect) return frame.effect;
    return "shot";
  }

  // The innermost frame of ``kind`` concerning ``seat`` (as its target), else the innermost.
  frame(kind, seat = null) {
    const frames = (this.view.resolving ?? []).filter((f) => f.kind === kind);
    return frames.findLast((f) => seat === null || f.target === seat) ?? frames.at(-1) ?? null;
  }

  // The words that follow "You …" (or "Ann to …"), for the seat's awaited decision.
  decision(decision) {
    const seat = decision.seat;
    const from = decision.source;
    switch (decision.kind) {
      case "hit": {
        const frame = this.frame("hit", seat);
        const source = frame?.source ?? from;
        const cause = this.frameCause(frame);
        const shooter = source === null || source === undefined ? "a" : `${this.whose(source)}`;
        return `answer ${shooter} ${cause}${seat === this.view.viewer ? " aimed at you" : ""}`;
      }
      case "beer": {
        const frame = this.frame("loss", seat);
        const amount = frame?.amount ?? 1;
        return `drink a Beer, or lose ${plural(amount, "life point")}`;
      }
      case "duel": {
        const frame = this.frame("effect");
        const source = frame?.source ?? from;
        return `answer ${this.whose(source)} Duel with a BANG!, or lose a life point`;
      }
      case "indians": {
        const frame = this.frame("effect");
        const source = frame?.source ?? from;
        return `answer ${this.whose(source)} Indians! with a BANG!, or lose a life point`;
      }
      case "store":
        return "take a card from the General Store";
      case "brawl": {
        const frame = this.frame("effect");
        return `choose a card of ${this.who(frame?.target)} to discard (Brawl)`;
      }
      case "discard_own": {
        const frame = this.frame("effect");
        return `choose which of ${this.whose(frame?.target)} own cards to discard (${this.frameCause(frame)})`;
      }
      case "discard":
        return "discard cards down to your hand limit";
      case "play":
        return "play cards, or end your turn";
      case "copy":
        return "choose whose ability to copy (Vera Custer)";
      case "draw":
        return "draw, or take a card in play from another player (Pat Brennan)";
      default:
        return String(decision.kind).replaceAll("_", " ");
    }
  }

  // What "pass" means at the moment.
  passWords(decision) {
    switch (decision?.kind) {
      case "hit":
        return "Take the hit";
      case "beer": {
        const amount = this.frame("loss", decision.seat)?.amount ?? 1;
        return `Drink no Beer: lose ${plural(amount, "life point")}`;
      }
      case "duel":
        return "Give up the Duel: lose a life point";
      case "indians":
        return "Do not answer the Indians!: lose a life point";
      default:
        return "Pass";
    }
  }

  // What ``pick`` of ``target``'s cards is: a random hand card, or a card in play.
  pickWords(target, pick) {
    if (pick === "hand") return `a random card from ${this.whose(target)} hand`;
    return `${this.whose(target)} ${this.cardLabel(pick)}`;
  }

  // The verb for taking or discarding another player's card with ``card``.
  reachVerb(card) {
    const kind = this.kind(card);
    if (kind === "steal") return "take";
    return "discard";
  }

  // One sentence for an action the seat may take, for its button or its accessible name;
  // ``decision`` (the seat's awaited one) says what "pass" means at the moment.
  action(action, decision) {
    const card = () => this.cardLabel(action.card);
    const at = () => (action.target === null || action.target === undefined ? "" : ` at ${this.who(action.target)}`);
    const reach = () =>
      action.pick ? `, to ${this.reachVerb(action.card)} ${this.pickWords(action.target, action.pick)}` : "";
    switch (action.kind) {
      case "play_card": {
        const cost = action.cost ? `, discarding ${this.cardLabel(action.cost)}` : "";
        const self = action.target !== null && action.target !== undefined && action.target === decision?.seat;
        const target = self ? " on yourself" : action.pick ? ` at ${this.who(action.target)}` : at();
        return `Play ${card()}${target}${reach()}${cost}`;
      }
      case "use_card":
        return `Use ${card()}${action.target === decision?.seat ? " on yourself" : at()}${reach()}`;
      case "pay_life":
        return "Lose a life point to draw 2 cards (Chuck Wengam)";
      case "doc_shot":
        return `Discard ${this.cardLabel(action.cards[0])} and ${this.cardLabel(action.cards[1])} to shoot at ${this.who(action.target)} (Doc Holyday)`;
      case "trade_blue":
        return `Discard ${card()} to draw 2 cards (José Delgado)`;
      case "end_play":
        return "End your turn (go on to discarding)";
      case "barrel":
        return "Draw! for your Barrel";
      case "missed":
        return `Cancel the hit with ${card()}`;
      case "beer":
        return `Drink ${card()}`;
      case "answer":
        return `Answer with ${card()}`;
      case "pass":
        return this.passWords(decision);
      case "pick":
        return `Take ${card()} from the General Store`;
      case "choose":
        return `Discard ${this.pickWords(action.target, action.pick)}`;
      case "discard":
        return `Discard ${card()}`;
      case "copy": {
        const character = this.seats[action.seat]?.character;
        return `Copy ${this.whose(action.seat)} ability (${this.characterName(character)})`;
      }
      case "take_in_play":
        return `Take ${this.cardLabel(action.card)} from in front of ${this.who(action.seat)}`;
      case "draw":
        return "Draw the usual way";
      default:
        return String(action.kind).replaceAll("_", " ");
    }
  }
}
