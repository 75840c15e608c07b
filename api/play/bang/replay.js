// Where a BANG! – Dodge City replay may jump to: rounds and turns. Turns go clockwise among the
// living players from the first player (the Sheriff, or the Deputy with three: docs/bang/RULES.md
// [SETUP-FIRST-PLAYER], [TURN-ORDER]); a round is every living player's turn once, so one begins
// when a turn's seat is no further round the table from the first player's than the turn
// before's (which also holds once the first player is eliminated). See ../README.md, "The
// replay's marks".

import { seatLabel } from "../text.js";

export function replayMarks(events) {
  const names = new Map();
  let seats = 0;
  let first = null;
  let before = null; // the previous turn's place round the table, counted from the first seat
  let round = 0;
  return events.map((event) => {
    switch (event.type) {
      case "bang.SeatTaken":
        names.set(event.seat, event.name);
        return [];
      case "bang.GameStarted":
        seats = event.seats;
        return [];
      case "bang.TurnBegan": {
        first ??= event.seat;
        const place = seats ? (event.seat - first + seats) % seats : 0;
        const marks = [];
        if (before === null || place <= before) {
          round += 1;
          marks.push({ unit: "round", label: `Round ${round}` });
        }
        before = place;
        const who = names.get(event.seat) ?? seatLabel(event.seat);
        marks.push({ unit: "turn", label: `Turn ${event.turn}: ${who}` });
        return marks;
      }
      default:
        return [];
    }
  });
}
