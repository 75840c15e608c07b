// The last move in Dodge City: the last thing a player chose to do (a card played or committed,
// a building claimed, a stone bought or sold, a challenge issued or passed, a recipient chosen,
// a rival's stone removed), with whom and which building it reached, for the shell's
// ``lastMove`` (../README.md). What the rules then did by themselves (scoring, payments, draws)
// is part of it: the log's lines after it tell them.

const MOVES = new Set([
  "StartCardCommitted", "CardPlayed", "DuelCardCommitted", "BuildingClaimed", "StoneBought",
  "StoneSold", "ChallengeIssued", "ChallengePassed", "RecipientChosen", "StoneRemoved",
  "StoneRemovalDeclined", "CardsDiscarded",
]);

function mover(event) {
  if (event.type === "ChallengeIssued") return event.challenger;
  if (event.type === "StoneRemoved") return event.by;
  return event.seat;
}

// {version, seat, targets, building} of the last move in ``events``, or null before the first.
export function lastMove(events) {
  const move = events.findLast((event) => MOVES.has(event.type) && !(event.type === "StoneRemoved" && event.by === event.owner));
  if (!move) return null;
  const seat = mover(move);
  const targets = [move.opponent, move.recipient, move.owner].filter((s) => s !== undefined && s !== null && s !== seat);
  return { version: move.originator_version, seat, targets, building: move.building ?? null };
}
