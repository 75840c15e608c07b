// Where a Dodge City replay may jump to: the passes, rounds and setting turns of the rules
// (docs/RULES.md, [PASS]: a pass is a start round, two setting rounds and a duel round; in a
// setting round each player takes a turn). See ../README.md, "The replay's marks".

import { seatLabel } from "../text.js";

const ROUNDS = {
  start_round: "Start round",
  setting_round_1: "Setting round 1",
  setting_round_2: "Setting round 2",
  duel_round: "Duel round",
};

// For each event, the units it begins, coarsest first: PassBegan a pass, StageBegan a round (the
// duel round's later stages, challenges, disputes and scoring, belong to it), TurnBegan a turn.
export function replayMarks(events) {
  const names = new Map();
  return events.map((event) => {
    switch (event.type) {
      case "PlayerJoined":
        names.set(event.seat, event.name);
        return [];
      case "PassBegan":
        return [{ unit: "pass", label: `Pass ${event.number}` }];
      case "StageBegan":
        return ROUNDS[event.stage] ? [{ unit: "round", label: ROUNDS[event.stage] }] : [];
      case "TurnBegan": {
        const name = names.get(event.seat);
        return [{ unit: "turn", label: name ? `${name}'s turn` : `The turn of ${seatLabel(event.seat)}` }];
      }
      default:
        return [];
    }
  });
}
