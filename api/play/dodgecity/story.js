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
  duel_round: "the duel round, for which everyone committed a duel card",
  challenges: "the duel round: challenges",
  control_disputes: "the duel round: control disputes",
  scoring: "scoring",
};

const PASS_WORDS = {
  no_opponent: "had nobody to challenge and passed",
  forced_indian: "held a forced Indian and could not challenge",
  chose_to_pass: "passed on the challenge",
};

const OUTCOME_WORDS = { done: "carried out", partial: "carried out as far as possible", skipped: "skipped", declined: "declined" };

export const END_WORDS = {
  points: "a player reached 6 points after scoring",
  board_closed: "every building in play was closed",
  pass_limit: "the last pass was over",
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
      return `A game was opened for up to ${event.max_players} players`;
    case "PlayerJoined":
      return `${event.name}${event.bot ? `, a ${event.bot} bot,` : ""} took seat ${event.seat + 1} and played ${event.colour}`;
    case "GameStarted": {
      const names = event.buildings.map((b) => the(b));
      return `The game started with ${event.players} players, ${money(event.money_each)} each, and ${words.list(names)}`;
    }
    case "PassBegan":
      return `Pass ${event.number} began`;
    case "StageBegan":
      return `Then came ${STAGE_WORDS[event.stage] ?? event.stage.replaceAll("_", " ")}`;
    case "TurnBegan":
      return `${who(event.seat)}'s turn began`;
    case "TurnEnded":
      return `${who(event.seat)} ended the turn`;
    case "DrawPileShuffled":
    case "EventPileShuffled": {
      const pile = event.type === "DrawPileShuffled" ? "draw" : "event";
      const from = event.from_discard ? " from its discards" : "";
      return `The ${pile} pile was shuffled${from}: ${plural(event.order.length, "card")}`;
    }
    case "CardsDealt":
      return `${who(event.seat)} was dealt ${plural(event.cards.length, "card")}${shown(event.cards) ? `: ${cards(words, event.cards)}` : ""}`;
    case "CardsDrawn":
      return `${who(event.seat)} drew ${plural(event.cards.length, "card")} for ${words.cause(event.cause)}${shown(event.cards) ? `: ${cards(words, event.cards)}` : ""}`;
    case "StartCardCommitted":
      return `${who(event.seat)} committed ${shown(event.card) ? words.cardName(event.card) : "a card"} face down as start card`;
    case "StartCardsRevealed":
      return `Start cards were turned up: ${event.cards.map(([seat, card]) => `${who(seat)} ${words.cardName(card)}`).join(", ") || "none"}`;
    case "StartPlayerChosen":
      return `${who(event.seat)} became start player${event.by_lot ? `, by lot among ${words.names(event.tied)}` : ""}`;
    case "CardPlayed":
      return `${who(event.seat)} played ${words.cardName(event.card)}`;
    case "CardResolved": {
      const unused = event.forfeited ? `, ${words.forfeited(event.card, event.forfeited)} left unused` : "";
      return `${who(event.seat)}'s ${words.cardName(event.card)} was done and discarded${unused}`;
    }
    case "DuelCardCommitted":
      return `${who(event.seat)} committed ${shown(event.card) ? words.cardName(event.card) : "a duel card"} face down${event.forced ? " (the only choice)" : ""}`;
    case "CardsDiscarded":
      return `${who(event.seat)} discarded ${shown(event.cards) ? cards(words, event.cards) : plural(event.cards.length, "card")} face down`;
    case "CardRevealed":
      return `${who(event.seat)} showed ${words.cardName(event.card)} for a control dispute`;
    case "BuildingClaimed":
      return `${who(event.seat)} claimed ${the(event.building)} for the ${event.figure}`;
    case "StoneBought":
      return `${who(event.seat)} bought a stone for ${money(event.price)} and set it in ${the(event.building)}`;
    case "StonePlaced":
      return `${who(event.seat)} set a free stone in ${the(event.building)} (${words.cause(event.cause)})`;
    case "StoneRemoved":
      if (event.by === event.owner) return `${who(event.owner)} lost a stone in ${the(event.building)} (${words.cause(event.cause)})`;
      return `${who(event.by)} removed ${who(event.owner)}'s stone from ${the(event.building)} (${words.cause(event.cause)})`;
    case "StoneRemovalDeclined":
      return `${who(event.seat)} won the duel but removed no stone`;
    case "StoneTransferred":
      if (event.replaced) return `${who(event.owner)}'s stone in ${the(event.building)} went over to ${who(event.recipient)} (${words.cause(event.cause)})`;
      return `${who(event.owner)}'s stone left ${the(event.building)}; ${who(event.recipient)} had none to put there`;
    case "StoneSold":
      return `${who(event.seat)} sold a stone from ${the(event.building)} to the bank for ${money(event.amount)}`;
    case "BuildingNeutralised":
      return `${capital(the(event.building))} was full and nobody controlled it: it closed`;
    case "BuildingScored":
      return `${who(event.seat)} scored ${the(event.building)}: ${plural(event.points, "point")} and ${money(event.rent)} rent`;
    case "MoneyReceived":
      return `${who(event.seat)} received ${money(event.amount)} from the bank (${words.cause(event.cause)})`;
    case "MoneyPaid": {
      const payee = event.to === null ? "the bank" : who(event.to);
      const waived = event.waived ? `; ${money(event.waived)} was waived` : "";
      return `${who(event.seat)} paid ${money(event.amount)} to ${payee} (${words.cause(event.cause)})${waived}`;
    }
    case "EventCardDrawn":
      return `${who(event.seat)} drew the event card ${words.eventTitle(event.event)}`;
    case "RecipientChosen":
      return `${who(event.seat)} chose ${who(event.recipient)} to receive the stones`;
    case "EventEffectEnded":
      return `Event card ${words.eventTitle(event.event)}, part ${event.effect + 1}, for ${who(event.seat)}: ${OUTCOME_WORDS[event.outcome] ?? event.outcome}`;
    case "EventCardResolved":
      return `${who(event.seat)}'s event card was resolved and discarded`;
    case "ChallengeIssued":
      return `${who(event.challenger)} challenged ${who(event.opponent)} to a duel over ${the(event.building)}`;
    case "ChallengePassed":
      return `${who(event.seat)} ${PASS_WORDS[event.reason] ?? "passed"}`;
    case "DuelFought": {
      const outcome = event.winner === null ? "nobody won" : `${who(event.winner)} won`;
      return `Duel over ${the(event.building)}: ${who(event.challenger)}'s ${words.cardName(event.challenger_card)} against ${who(event.opponent)}'s ${words.cardName(event.opponent_card)}; ${outcome}`;
    }
    case "DisputeResolved":
      return `${words.names(event.contenders)} disputed control of ${the(event.building)}: ${event.winner === null ? "nobody" : who(event.winner)} could score it that pass`;
    case "TieDuelCardDrawn":
      return `Final duel, round ${event.duel_round}: ${who(event.seat)} drew ${words.cardName(event.card)}`;
    case "GameEnded": {
      const verb = event.winners.length === 1 ? "won" : "shared the win";
      const points = event.points.map((p, seat) => `${who(seat)} ${p}`).join(", ");
      return `The game ended, ${END_WORDS[event.reason] ?? event.reason}: ${words.names(event.winners) || "nobody"} ${verb} (points: ${points})`;
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
