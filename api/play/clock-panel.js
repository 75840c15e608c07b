// The game screen's clock, for any game: a running clock for every seat asked, every seat's
// reserve, who plays a seat for its absent player, and the controls that go with them (take my
// seat back, claim a timeout, hand a seat to the computer player). It counts down with the
// browser's clock to the deadlines the server sent, in the view and in the stream's ``clock``
// messages; the server's own timer takes the timeouts, and a claim is offered only when it has
// not shortly after a deadline.

import { clockRuleWords, clockTime, timeLeft } from "./clock.js";
import { h, rerender, show } from "./dom.js";
import { plural } from "./text.js";

const $ = (id) => document.getElementById(id);
const TICK_MS = 500;
// How long after a deadline (by this browser's clock) a seat is offered to claim the timeout:
// the server's timer normally takes it at once, and a claim then would only be refused.
const CLAIM_AFTER_MS = 2000;

export class ClockPanel {
  // ``actions``: {claim(seat), handOver(seat), takeBack(), warn(text)}, each answering a promise.
  constructor(actions) {
    this.actions = actions;
    this.state = null;
    this.ticker = null;
    this.offers = ""; // which seats are offered a claim or a hand-over, to redraw when it changes
    this.warned = ""; // the decision of our own seat already warned about
    this.busy = false;
  }

  // ``state``: {clock, status, viewer, host, players: [{name, bot}], you: name}. Draws it all.
  draw(state) {
    this.state = state;
    const { clock, status } = state;
    const visible = Boolean(clock) && (status === "lobby" || status === "running");
    show($("clock-panel"), visible);
    $("clock-rule").textContent = visible ? clockRuleWords(clock) : "";
    const running = visible && status === "running";
    show($("clocks"), running);
    if (!running) {
      this.halt();
      $("clocks").replaceChildren();
      return;
    }
    const now = Date.now();
    this.offers = this.offered(now);
    rerender($("clocks"), () => clock.seats.map((seat) => this.row(seat, now)), $("clock-title"));
    if (!this.ticker) this.ticker = setInterval(() => this.tick(), TICK_MS);
  }

  news(text) {
    $("clock-news").textContent = text;
    show($("clock-news"), Boolean(text));
  }

  halt() {
    clearInterval(this.ticker);
    this.ticker = null;
  }

  stop() {
    this.halt();
    this.news("");
  }

  // Nothing of another game's clock shows while this one's first view is read.
  reset() {
    this.stop();
    show($("clock-panel"), false);
    $("clocks").replaceChildren();
  }

  tick() {
    const now = Date.now();
    if (this.offered(now) !== this.offers) {
      this.draw(this.state); // a deadline passed: a claim may be offered now
      return;
    }
    for (const seat of this.state.clock.seats) {
      const row = $("clocks").querySelector(`li[data-seat="${seat.seat}"]`);
      if (row) this.update(row, seat, now);
    }
  }

  name(seat) {
    return this.state.players[seat]?.name ?? `seat ${seat + 1}`;
  }

  // The seats whose timeout may be claimed, or handed over by the host, at ``now``: as words,
  // so that a change is noticed by comparing them.
  offered(now) {
    const { clock, viewer, host, players } = this.state;
    return clock.seats
      .filter((seat) => seat.deadline && !seat.stand_in && !players[seat.seat]?.bot)
      .filter((seat) => now - Date.parse(seat.deadline) >= CLAIM_AFTER_MS)
      .filter((seat) => (viewer !== null && seat.seat !== viewer) || host)
      .map((seat) => seat.seat)
      .join(",");
  }

  row(seat, now) {
    const { viewer, host, players } = this.state;
    const mine = seat.seat === viewer;
    const name = this.name(seat.seat);
    const bot = players[seat.seat]?.bot;
    const offered = this.offers.split(",").includes(String(seat.seat));
    const hidden = (text) => h("span", { class: "visually-hidden", text });
    const button = (key, text, extra, work, primary = false) =>
      h(
        "button",
        {
          type: "button",
          class: primary ? "primary" : null,
          dataset: { key },
          "aria-disabled": this.busy ? "true" : null,
          onclick: () => this.run(work),
        },
        text,
        extra ? hidden(extra) : null,
      );
    const away = mine ? "you are" : `${name} is`;
    const controls = [
      mine && seat.stand_in ? button("take-back", "Take my seat back", "", () => this.actions.takeBack(), true) : null,
      offered && !mine
        ? button(`claim:${seat.seat}`, "Claim the timeout", ` of ${name}`, () => this.actions.claim(seat.seat))
        : null,
      offered && host && !mine
        ? button(`hand-over:${seat.seat}`, "Let a computer player take over", ` ${name}'s seat`, () => this.actions.handOver(seat.seat))
        : null,
    ].filter(Boolean);
    const dataset = { seat: String(seat.seat) };
    if (seat.stand_in) dataset.standIn = seat.stand_in;
    if (mine) dataset.mine = "true";
    const row = h(
      "li",
      { class: "seat-clock", dataset },
      h("span", { class: "clock-who", text: mine ? `${name} (you)` : name }),
      h("span", { class: "clock-time", role: "timer", "aria-label": `${name}'s time` }),
      h("span", { class: "clock-detail" }),
      bot ? h("p", { class: "clock-note", text: "A computer player." }) : null,
      seat.stand_in ? h("p", { class: "clock-note stand-in", text: `Played by a computer player while ${away} away.` }) : null,
      seat.timeouts_in_row && !seat.stand_in
        ? h("p", { class: "clock-note", text: `${plural(seat.timeouts_in_row, "timeout")} in a row.` })
        : null,
      controls.length ? h("p", { class: "clock-controls" }, controls) : null,
    );
    this.update(row, seat, now);
    return row;
  }

  // A row's time at ``now``: the move's time left, then the reserve's; the state marks a seat
  // about to run out ("urgent") and one whose time is up ("over").
  update(row, seat, now) {
    const time = row.querySelector(".clock-time");
    const detail = row.querySelector(".clock-detail");
    if (!seat.deadline) {
      row.dataset.state = "waiting";
      time.textContent = "";
      show(time, false);
      const reserve = this.state.clock.reserve_seconds ? ` · reserve ${clockTime(seat.reserve_seconds)}` : "";
      detail.textContent = `Not asked now${reserve}`;
      return;
    }
    const left = timeLeft(seat, this.state.clock, now);
    row.dataset.state = left.phase === "over" ? "over" : left.urgent ? "urgent" : "running";
    row.dataset.phase = left.phase;
    show(time, true);
    if (left.phase === "move") {
      time.textContent = clockTime(left.inMove);
      detail.textContent = left.urgent ? "Time is running out!" : seat.reserve_seconds ? `then ${clockTime(seat.reserve_seconds)} reserve` : "no reserve";
    } else if (left.phase === "reserve") {
      time.textContent = clockTime(left.reserve);
      detail.textContent = left.urgent ? "In reserve: time is running out!" : "In reserve";
    } else {
      time.textContent = clockTime(0);
      detail.textContent = "Time is up";
    }
    if (row.dataset.mine && left.urgent && left.phase !== "over" && this.warned !== seat.asked_at) {
      this.warned = seat.asked_at;
      this.actions.warn(`Your time is running out: ${clockTime(left.left)} left.`);
    }
  }

  async run(work) {
    if (this.busy) return;
    this.busy = true;
    this.draw(this.state);
    try {
      await work();
    } finally {
      this.busy = false;
      if (this.state) this.draw(this.state);
    }
  }
}
