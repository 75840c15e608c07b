// A BANG! move told step by step, for the shell's question when a card or an ability stands for
// many moves (../README.md, ``actionSteps``): what (the card played, the ability), then which
// cards, then whom, then which of the target's cards. Each step is {key, text, ask}: ``key`` tells
// the moves apart at that step, ``text`` is the choice in words, ``ask`` the question it answers.

// Which of the seat's cards a move reaches, and with what: every move of a kind has the same
// steps, so moves that differ only in the target are asked "whom?" and nothing else.
export function actionSteps(action, decision, words) {
  const self = (seat) => seat !== null && seat !== undefined && seat === decision?.seat;
  const whom = (seat, ask = "At whom?") => ({
    key: `seat:${seat}`,
    text: self(seat) ? "yourself" : words.name(seat),
    ask,
  });
  const pick = (target, chosen) => ({ key: `pick:${chosen}`, text: words.pickWords(target, chosen), ask: "Which card?" });
  switch (action.kind) {
    case "play_card":
    case "use_card": {
      const verb = action.kind === "play_card" ? "Play" : "Use";
      const steps = [{ key: `${action.kind}:${action.card}`, text: `${verb} ${words.cardLabel(action.card)}`, ask: "Which card?" }];
      if (action.target !== null && action.target !== undefined) steps.push(whom(action.target));
      if (action.pick) steps.push(pick(action.target, action.pick));
      if (action.cost) {
        steps.push({ key: `cost:${action.cost}`, text: `discarding ${words.cardLabel(action.cost)}`, ask: "Which other card to discard with it?" });
      }
      return steps;
    }
    case "doc_shot":
      return [
        { key: "doc_shot", text: "discard two cards to shoot at a player (Doc Holyday)", ask: "What?" },
        {
          key: `cards:${[...action.cards].sort().join("+")}`,
          text: `${words.cardLabel(action.cards[0])} and ${words.cardLabel(action.cards[1])}`,
          ask: "Which two cards?",
          items: action.cards.map((card) => ({ key: card, text: words.cardLabel(card) })),
        },
        whom(action.target),
      ];
    case "trade_blue":
      return [
        { key: "trade_blue", text: "discard a blue card to draw 2 cards (José Delgado)", ask: "What?" },
        { key: `card:${action.card}`, text: words.cardLabel(action.card), ask: "Which blue card?" },
      ];
    case "take_in_play":
      return [
        { key: "take_in_play", text: "take a card in play from another player (Pat Brennan)", ask: "What?" },
        whom(action.seat, "From whom?"),
        { key: `card:${action.card}`, text: words.cardLabel(action.card), ask: "Which card?" },
      ];
    case "copy":
      return [
        { key: "copy", text: "copy another player's ability (Vera Custer)", ask: "What?" },
        { key: `seat:${action.seat}`, text: words.action(action, decision).replace(/^Copy /, ""), ask: "Whose ability?" },
      ];
    case "choose":
      return [
        { key: "choose", text: "discard a card", ask: "What?" },
        { key: `pick:${action.target}:${action.pick}`, text: words.pickWords(action.target, action.pick), ask: "Which card?" },
      ];
    default:
      return null; // one step: the move's own words
  }
}

// What the player on turn does (a card played, used or put in play, an ability): the last one
// is the table's last move; the others' answers to it (a Missed!, a Beer, a General Store pick)
// are part of it, so the move stays marked while they answer.
const MOVES = new Set(["bang.CardPlayed", "bang.CardUsed", "bang.CardPutInPlay", "bang.AbilityUsed", "bang.AbilityCopied"]);

// {version, seat, targets} of the last move in ``events``, or null before the first.
export function lastMove(events) {
  let turn = null;
  let at = -1;
  events.forEach((event, index) => {
    if (event.type === "bang.TurnBegan") turn = event.seat;
    else if (MOVES.has(event.type) && event.seat === turn) at = index;
  });
  if (at < 0) return null;
  const move = events[at];
  const targets = new Set(move.targets ?? []);
  if (move.type === "bang.CardPutInPlay" && move.owner !== move.seat) targets.add(move.owner);
  // What the move set off: the shots aimed and the cards taken by the one who moved.
  for (const event of events.slice(at + 1)) {
    if (event.type === "bang.HitAimed" && event.source === move.seat) targets.add(event.target);
    if (event.type === "bang.CardTaken" && event.seat === move.seat) targets.add(event.from_seat);
  }
  targets.delete(move.seat);
  return { version: move.originator_version, seat: move.seat, targets: [...targets] };
}
