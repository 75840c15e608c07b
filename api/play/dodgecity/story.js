// The game told in words for the page's log, and the result explained. The events come from
// GET /games/{id}/events, already redacted for the reader (a hidden card reads "hidden"); the
// words use the printed names (cards, buildings, event cards) and never an id or a coordinate.

import { capital, plural } from "../text.js";
import { money } from "./words.js";

const HIDDEN = "hidden";

const STAGE_WORDS = {
  start_round: "the start round",
  setting_round_1: "setting round 1",
  setting_round_2: "setting round 2",
  duel_round: "the duel round: everyone commits a duel card",
  challenges: "the duel round: challenges",
  control_disputes: "the duel round: control disputes",
  scoring: "scoring",
};

const PASS_WORDS = {
  no_opponent: "has nobody to challenge and passes",
  forced_indian: "holds a forced Indian and may not challenge",
  chose_to_pass: "passes on the challenge",
};

const OUTCOME_WORDS = { done: "carried out", partial: "carried out as far as possible", skipped: "skipped", declined: "declined" };

export const END_WORDS = {
  points: "a player reached 6 points after scoring",
  board_closed: "every building in play is closed",
  pass_limit: "the last pass is over",
};

const shown = (value) => value !== null && value !== undefined && value !== HIDDEN && !(Array.isArray(value) && value.includes(HIDDEN));

function cards(words, ids) {
  return ids.length ? ids.map((id) => words.cardName(id)).join(", ") : "no cards";
}

// One event → one sentence, or null for an event this page does not know (the shell then shows
// the server's narration).
export function describeEvent(event, words) {
  const who = (seat) => words.name(seat);
  const the = (building) => `the ${words.building(building)}`;
  switch (event.type) {
    case "GameCreated":
      return `A game is opened for up to ${event.max_players} players`;
    case "PlayerJoined":
      return `${event.name}${event.bot ? `, a ${event.bot} bot,` : ""} takes seat ${event.seat + 1} and plays ${event.colour}`;
    case "GameStarted": {
      const names = event.buildings.map((b) => the(b));
      return `The game starts with ${event.players} players, ${money(event.money_each)} each, and ${words.list(names)}`;
    }
    case "PassBegan":
      return `Pass ${event.number} begins`;
    case "StageBegan":
      return `Now: ${STAGE_WORDS[event.stage] ?? event.stage.replaceAll("_", " ")}`;
    case "TurnBegan":
      return `${who(event.seat)}'s turn begins`;
    case "TurnEnded":
      return `${who(event.seat)} ends the turn`;
    case "DrawPileShuffled":
    case "EventPileShuffled": {
      const pile = event.type === "DrawPileShuffled" ? "draw" : "event";
      const from = event.from_discard ? " from its discards" : "";
      return `The ${pile} pile is shuffled${from}: ${plural(event.order.length, "card")}`;
    }
    case "CardsDealt":
      return `${who(event.seat)} is dealt ${plural(event.cards.length, "card")}${shown(event.cards) ? `: ${cards(words, event.cards)}` : ""}`;
    case "CardsDrawn":
      return `${who(event.seat)} draws ${plural(event.cards.length, "card")} for ${words.cause(event.cause)}${shown(event.cards) ? `: ${cards(words, event.cards)}` : ""}`;
    case "StartCardCommitted":
      return `${who(event.seat)} commits ${shown(event.card) ? words.cardName(event.card) : "a card"} face down as start card`;
    case "StartCardsRevealed":
      return `Start cards are turned up: ${event.cards.map(([seat, card]) => `${who(seat)} ${words.cardName(card)}`).join(", ") || "none"}`;
    case "StartPlayerChosen":
      return `${who(event.seat)} becomes start player${event.by_lot ? `, by lot among ${words.names(event.tied)}` : ""}`;
    case "CardPlayed":
      return `${who(event.seat)} plays ${words.cardName(event.card)}`;
    case "CardResolved": {
      const unused = event.forfeited ? `, ${words.forfeited(event.card, event.forfeited)} left unused` : "";
      return `${who(event.seat)}'s ${words.cardName(event.card)} is done and discarded${unused}`;
    }
    case "DuelCardCommitted":
      return `${who(event.seat)} commits ${shown(event.card) ? words.cardName(event.card) : "a duel card"} face down${event.forced ? " (the only choice)" : ""}`;
    case "CardsDiscarded":
      return `${who(event.seat)} discards ${shown(event.cards) ? cards(words, event.cards) : plural(event.cards.length, "card")} face down`;
    case "CardRevealed":
      return `${who(event.seat)} shows ${words.cardName(event.card)} for a control dispute`;
    case "BuildingClaimed":
      return `${who(event.seat)} claims ${the(event.building)} for the ${event.figure}`;
    case "StoneBought":
      return `${who(event.seat)} buys a stone for ${money(event.price)} and sets it in ${the(event.building)}`;
    case "StonePlaced":
      return `${who(event.seat)} sets a free stone in ${the(event.building)} (${words.cause(event.cause)})`;
    case "StoneRemoved":
      if (event.by === event.owner) return `${who(event.owner)} loses a stone in ${the(event.building)} (${words.cause(event.cause)})`;
      return `${who(event.by)} removes ${who(event.owner)}'s stone from ${the(event.building)} (${words.cause(event.cause)})`;
    case "StoneRemovalDeclined":
      return `${who(event.seat)} wins the duel but removes no stone`;
    case "StoneTransferred":
      if (event.replaced) return `${who(event.owner)}'s stone in ${the(event.building)} goes over to ${who(event.recipient)} (${words.cause(event.cause)})`;
      return `${who(event.owner)}'s stone leaves ${the(event.building)}; ${who(event.recipient)} has none to put there`;
    case "StoneSold":
      return `${who(event.seat)} sells a stone from ${the(event.building)} to the bank for ${money(event.amount)}`;
    case "BuildingNeutralised":
      return `${capital(the(event.building))} is full and nobody controls it: it closes`;
    case "BuildingScored":
      return `${who(event.seat)} scores ${the(event.building)}: ${plural(event.points, "point")} and ${money(event.rent)} rent`;
    case "MoneyReceived":
      return `${who(event.seat)} receives ${money(event.amount)} from the bank (${words.cause(event.cause)})`;
    case "MoneyPaid": {
      const payee = event.to === null ? "the bank" : who(event.to);
      const waived = event.waived ? `; ${money(event.waived)} is waived` : "";
      return `${who(event.seat)} pays ${money(event.amount)} to ${payee} (${words.cause(event.cause)})${waived}`;
    }
    case "EventCardDrawn":
      return `${who(event.seat)} draws the event card ${words.eventTitle(event.event)}`;
    case "RecipientChosen":
      return `${who(event.seat)} chooses ${who(event.recipient)} to receive the stones`;
    case "EventEffectEnded":
      return `Event card ${words.eventTitle(event.event)}, part ${event.effect + 1}, for ${who(event.seat)}: ${OUTCOME_WORDS[event.outcome] ?? event.outcome}`;
    case "EventCardResolved":
      return `${who(event.seat)}'s event card is resolved and discarded`;
    case "ChallengeIssued":
      return `${who(event.challenger)} challenges ${who(event.opponent)} to a duel over ${the(event.building)}`;
    case "ChallengePassed":
      return `${who(event.seat)} ${PASS_WORDS[event.reason] ?? "passes"}`;
    case "DuelFought": {
      const outcome = event.winner === null ? "nobody wins" : `${who(event.winner)} wins`;
      return `Duel over ${the(event.building)}: ${who(event.challenger)}'s ${words.cardName(event.challenger_card)} against ${who(event.opponent)}'s ${words.cardName(event.opponent_card)}; ${outcome}`;
    }
    case "DisputeResolved":
      return `${words.names(event.contenders)} dispute control of ${the(event.building)}: ${event.winner === null ? "nobody" : who(event.winner)} may score it this pass`;
    case "TieDuelCardDrawn":
      return `Final duel, round ${event.duel_round}: ${who(event.seat)} draws ${words.cardName(event.card)}`;
    case "GameEnded": {
      const verb = event.winners.length === 1 ? "wins" : "share the win";
      const points = event.points.map((p, seat) => `${who(seat)} ${p}`).join(", ");
      return `The game ends, ${END_WORDS[event.reason] ?? event.reason}: ${words.names(event.winners) || "nobody"} ${verb} (points: ${points})`;
    }
    default:
      return null;
  }
}

// Who won and why, in sentences: the end's reason, the most points, and a tie broken by the
// final duel ([END-TIE]: the tied players draw until a non-Indian card, the highest wins, those
// tied at the top draw again). ``events`` are the events the page has read (the final duel's
// draws among them); without them the duel is still named, its cards are not.
export function explainResult(view, words, events = []) {
  if (view.status !== "ended") return [];
  const lines = [];
  const reason = END_WORDS[view.end_reason];
  lines.push(reason ? `Game over: ${reason}.` : "Game over.");
  const top = Math.max(...view.players.map((p) => p.points));
  const tied = view.players.filter((p) => p.points === top).map((p) => p.seat);
  const winners = view.winners;
  const points = plural(top, "point");
  if (!winners.length) {
    lines.push("Nobody won.");
  } else if (tied.length === 1) {
    lines.push(`${words.name(winners[0])} wins with the most points, ${points}.`);
  } else if (winners.length === tied.length) {
    lines.push(`${words.names(winners)} share the win, tied with ${points} each.`);
  } else {
    lines.push(`${words.names(tied)} tied with ${points} each, so a final duel decided the game.`);
    const draws = events.filter((e) => e.type === "TieDuelCardDrawn");
    const rounds = [...new Set(draws.map((e) => e.duel_round))].sort((a, b) => a - b);
    // Each draws until a card other than an Indian: "Bat drew Indian, then Sheriff 3".
    for (const round of rounds) {
      const bySeat = new Map();
      for (const draw of draws.filter((e) => e.duel_round === round)) {
        bySeat.set(draw.seat, [...(bySeat.get(draw.seat) ?? []), words.cardName(draw.card)]);
      }
      const drawn = [...bySeat].map(([seat, names]) => `${words.name(seat)} drew ${names.join(", then ")}`);
      const label = rounds.length > 1 ? `Final duel, round ${round}` : "Final duel";
      lines.push(`${label}: ${words.list(drawn)}.`);
    }
    const verb = winners.length === 1 ? "wins" : "share the win";
    lines.push(`${words.names(winners)} drew the highest card and ${verb}.`);
  }
  return lines;
}
