// Where a Dog Eat Dog replay may jump to: rounds and turns. A round is one turn of every player
// from the start player ([TURN-ROUND]); the events say both (RoundBegan, TurnBegan), so nothing
// is inferred. The division choice and the setup before round 1 belong to no round. See
// ../README.md, "The replay's marks".

import { seatLabel } from "../text.js";

export function replayMarks(events) {
  const names = new Map();
  return events.map((event) => {
    switch (event.type) {
      case "dogeatdog.SeatTaken":
        names.set(event.seat, event.name);
        return [];
      case "dogeatdog.RoundBegan":
        return [{ unit: "round", label: `Round ${event.round}` }];
      case "dogeatdog.BonusRoundBegan":
        return [{ unit: "round", label: "Bonus round" }];
      case "dogeatdog.TurnBegan":
        return [{ unit: "turn", label: `Turn ${event.turn}: ${names.get(event.seat) ?? seatLabel(event.seat)}` }];
      default:
        return [];
    }
  });
}
