// The game clock in words, for any game: the clocks the lobby offers, how long a time is, how
// much a seat has left, and the kernel's clock events (a timeout, a seat handed to a computer
// player and taken back, a table closed) told for the log. The clock's rules are docs/CLOCK.md.

import { plural } from "./text.js";

// The clocks a game created on this page may have; the first is chosen to begin with. A seat
// whose time runs out has the rules decide for it; after ``bot_after_timeouts`` of them in a row
// a computer player plays it until its player comes back.
export const CLOCK_PRESETS = [
  {
    name: "standard",
    label: "2 minutes a move, 10 minutes reserve",
    clock: { decision_seconds: 120, reserve_seconds: 600, bot_after_timeouts: 2 },
  },
  {
    name: "blitz",
    label: "Blitz: 30 seconds a move, 2 minutes reserve",
    clock: { decision_seconds: 30, reserve_seconds: 120, bot_after_timeouts: 2 },
  },
  {
    name: "correspondence",
    label: "Correspondence: 1 day a move, 3 days reserve",
    clock: { decision_seconds: 86400, reserve_seconds: 259200, bot_after_timeouts: 3 },
  },
  { name: "none", label: "No clock", clock: null },
];

// The kernel's events, for every game's stream and log (EventSource hears only named events).
export const CLOCK_EVENT_TYPES = [
  "kernel.ClockSet",
  "kernel.DecisionTimedOut",
  "kernel.SeatHandedToBot",
  "kernel.SeatTakenBack",
  "kernel.GameAbandoned",
];

// The stream's message carrying the whole clock (its data is the view's ``clock``).
export const CLOCK_MESSAGE = "clock";

export function presetNamed(name) {
  return CLOCK_PRESETS.find((preset) => preset.name === name) ?? CLOCK_PRESETS[0];
}

// "2 minutes", "1 day", "90 seconds": the largest unit that counts it exactly.
export function durationWords(seconds) {
  for (const [unit, size] of [["day", 86400], ["hour", 3600], ["minute", 60]]) {
    if (seconds >= size && seconds % size === 0) return plural(seconds / size, unit);
  }
  return plural(seconds, "second");
}

// A clock's settings in one sentence, for the lobby's hint and the game screen.
export function clockRuleWords(clock) {
  if (!clock) return "Nobody is timed: the game waits for its players as long as it takes.";
  const reserve = clock.reserve_seconds ? `, then ${durationWords(clock.reserve_seconds)} in reserve for the whole game` : "";
  const after = plural(clock.bot_after_timeouts, "timeout");
  return (
    `${durationWords(clock.decision_seconds)} a move${reserve}. When a seat's time runs out the rules ` +
    `decide for it; after ${after} in a row a computer player plays it until its player comes back.`
  );
}

// The clock a game was set to, told in the log's past tense.
function clockSetWords(clock) {
  const reserve = clock.reserve_seconds ? `, then ${durationWords(clock.reserve_seconds)} in reserve` : "";
  const after = plural(clock.bot_after_timeouts, "timeout");
  return `The game was set to a clock: ${durationWords(clock.decision_seconds)} a move${reserve}, and a computer player for a seat after ${after} in a row.`;
}

// A time left as a clock shows it: "1:05", "2:03:07", and from a day on "3 d 4 h" or "3 d".
export function clockTime(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  const two = (n) => String(n).padStart(2, "0");
  if (whole >= 86400) {
    const hours = Math.floor((whole % 86400) / 3600);
    return `${Math.floor(whole / 86400)} d${hours ? ` ${hours} h` : ""}`;
  }
  if (whole >= 3600) return `${Math.floor(whole / 3600)}:${two(Math.floor((whole % 3600) / 60))}:${two(whole % 60)}`;
  return `${Math.floor(whole / 60)}:${two(whole % 60)}`;
}

// Where an asked seat's time stands at ``now`` (ms, the browser's clock): the seconds to its
// deadline, to the end of its move time, of reserve left, and whether it is about to run out
// (the last quarter of a move's time, at least 5 seconds and at most an hour, reserve included).
export function timeLeft(seatClock, clock, now) {
  const deadline = Date.parse(seatClock.deadline);
  const moveEnd = Date.parse(seatClock.asked_at) + clock.decision_seconds * 1000;
  const left = (deadline - now) / 1000;
  const inMove = Math.max(0, (moveEnd - now) / 1000);
  const reserve = inMove > 0 ? seatClock.reserve_seconds : Math.max(0, left);
  const soon = Math.min(3600, Math.max(5, clock.decision_seconds / 4));
  return { left, inMove, reserve, phase: left <= 0 ? "over" : inMove > 0 ? "move" : "reserve", urgent: left <= soon };
}

// One sentence for a kernel event, or null for an event of the game's own; ``name(seat)`` is the
// seat's player's name.
export function clockEventWords(event, name) {
  switch (event.type) {
    case "kernel.ClockSet":
      return clockSetWords(event);
    case "kernel.DecisionTimedOut": {
      const claimed = event.claimed_by === null || event.claimed_by === undefined ? "" : ` (${name(event.claimed_by)} claimed the timeout)`;
      return `${name(event.seat)}'s time ran out: the rules decided for ${name(event.seat)}${claimed}.`;
    }
    case "kernel.SeatHandedToBot": {
      const who = name(event.seat);
      return event.reason === "host"
        ? `The host handed ${who}'s seat to a computer player, to play it while ${who} was away.`
        : `${who}'s time ran out once too often: a computer player took over ${who}'s seat while ${who} was away.`;
    }
    case "kernel.SeatTakenBack":
      return `${name(event.seat)} came back and took their seat again.`;
    case "kernel.GameAbandoned":
      return `The game was abandoned: it did not start within ${durationWords(event.after_seconds)}.`;
    default:
      return null;
  }
}
