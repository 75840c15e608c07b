// A move asked step by step, on the game screen: when a control (a card, a square) or a button
// stands for several moves, the question box (#choices) asks what tells them apart, one step at a
// time, as the game's module splits each move (``actionSteps``, ../README.md): what, then which
// cards, then whom. A step every move left shares is skipped; the choice that leaves one move
// sends it. A step that chooses a set (two cards) is answered an item at a time, as toggles.

import { h, rerender, show } from "./dom.js";
import { capital } from "./text.js";

const $ = (id) => document.getElementById(id);

export class MoveQuestion {
  // ``screen``: the game screen: its ``claims`` (control key → action indices), ``view``,
  // ``busy``, and steps(request, decision), describeAction(action, decision), myDecision(),
  // send(request), render().
  constructor(screen) {
    this.screen = screen;
    this.open = null; // the key of the control whose moves are asked about
    this.path = []; // the steps chosen so far among its moves
    this.picked = []; // the items pressed so far of a step that chooses a set (two cards)
  }

  reset() {
    this.open = null;
    this.path = [];
    this.picked = [];
  }

  // Ask about the moves of control ``key``, from ``path`` (the steps its button stands for).
  ask(key, path = []) {
    this.open = key;
    this.path = path;
    this.picked = [];
    this.screen.render();
    $("choices").querySelector("button")?.focus();
  }

  // A control with several moves asks which, step by step: the steps the moves left share are
  // skipped, and each step offers what tells them apart; a choice that leaves one move sends it.
  draw(interaction) {
    const box = $("choices");
    const indices = this.open && interaction ? this.screen.claims.get(this.open) : null;
    if (!indices || indices.length < 2) {
      this.reset();
      show(box, false);
      box.replaceChildren();
      return;
    }
    const decision = this.screen.myDecision();
    const paths = new Map(indices.map((index) => [index, this.screen.steps(this.screen.view.actions[index], decision)]));
    let left = indices.filter((index) => this.path.every((key, depth) => paths.get(index)[depth]?.key === key));
    if (!left.length) {
      this.path = []; // the moves changed under the question: ask again from the start
      left = indices;
    }
    let depth = this.path.length;
    const chosen = this.path.map((key, at) => paths.get(left[0])[at]?.text ?? key);
    while (new Set(left.map((index) => paths.get(index)[depth]?.key)).size === 1 && depth < paths.get(left[0]).length - 1) {
      chosen.push(paths.get(left[0])[depth].text);
      depth += 1;
    }
    const options = new Map();
    for (const index of left) {
      const step = paths.get(index)[depth] ?? { key: String(index), text: this.screen.describeAction(this.screen.view.actions[index].action, decision) };
      const option = options.get(step.key) ?? { step, indices: [] };
      option.indices.push(index);
      options.set(step.key, option);
    }
    const ask = [...options.values()][0].step.ask ?? "Which one?";
    const sets = this.pickSets([...options.values()]);
    show(box, true);
    rerender(box, () => [
      chosen.length ? h("p", { class: "choice-path", text: chosen.map(capital).join(" › ") }) : null,
      h("p", { class: "choice-question", id: "choice-question", text: ask }),
      h(
        "div",
        { class: "choice-options", role: "group", "aria-labelledby": "choice-question" },
        sets ? this.pickButtons(sets, paths, depth) : [...options.values()].map(({ step, indices: these }) => {
          const one = these.length === 1;
          return h("button", {
            type: "button",
            class: "choice",
            "aria-disabled": this.screen.busy ? "true" : null,
            "aria-label": one ? capital(this.screen.describeAction(this.screen.view.actions[these[0]].action, decision)) : null,
            dataset: { key: `choice:${depth}:${step.key}`, ...(one ? { choiceIndex: String(these[0]) } : { step: String(depth) }) },
            onclick: () => (one ? this.screen.send(this.screen.view.actions[these[0]]) : this.deeper([...this.pathTo(paths.get(these[0]), depth), step.key])),
            text: one && !paths.get(these[0])[depth] ? step.text : `${capital(step.text)}${one ? "" : " …"}`,
          });
        }),
      ),
      this.chosenHere(indices, paths) ? h("button", { type: "button", class: "back", onclick: () => this.back(), text: "◀ Back" }) : null,
      h("button", { type: "button", class: "cancel", onclick: () => this.close(), text: "Cancel" }),
    ]);
  }

  // A step whose options are sets of the same size (two cards of the hand): the size and the
  // options, each with its items' keys; null for a step of plain options.
  pickSets(options) {
    const size = options[0].step.items?.length ?? 0;
    if (size < 2 || !options.every(({ step }) => step.items?.length === size)) return null;
    return { size, options: options.map((option) => ({ ...option, keys: option.step.items.map((item) => item.key) })) };
  }

  // A set is chosen an item at a time (each card a toggle, ``this.picked`` holding those
  // pressed): an item no option holds with those pressed is disabled, and the set complete goes
  // on to the next step (or sends the one move it leaves).
  pickButtons(sets, paths, depth) {
    const fits = sets.options.filter((option) => this.picked.every((key) => option.keys.includes(key)));
    const items = new Map();
    for (const option of sets.options) for (const item of option.step.items) if (!items.has(item.key)) items.set(item.key, item);
    return [
      h("p", { class: "choice-count", text: `${this.picked.length} of ${sets.size} chosen` }),
      [...items.values()].map((item) => {
        const pressed = this.picked.includes(item.key);
        return h("button", {
          type: "button",
          class: "choice pick",
          "aria-pressed": String(pressed),
          "aria-disabled": this.screen.busy ? "true" : null,
          disabled: !pressed && !fits.some((option) => option.keys.includes(item.key)),
          dataset: { key: `pick:${depth}:${item.key}` },
          onclick: () => this.toggle(item.key, sets, paths, depth),
          text: item.text,
        });
      }),
    ];
  }

  toggle(key, sets, paths, depth) {
    if (this.screen.busy) return;
    this.picked = this.picked.includes(key) ? this.picked.filter((k) => k !== key) : [...this.picked, key];
    const done = this.picked.length === sets.size ? sets.options.find((option) => option.keys.every((k) => this.picked.includes(k))) : null;
    if (!done) {
      this.screen.render();
      $("choices").querySelector(`[data-key="${CSS.escape(`pick:${depth}:${key}`)}"]`)?.focus();
      return;
    }
    this.picked = [];
    if (done.indices.length === 1) this.screen.send(this.screen.view.actions[done.indices[0]]);
    else this.deeper([...this.pathTo(paths.get(done.indices[0]), depth), done.step.key]);
  }

  // The keys of ``steps`` before ``depth``: the path to a step, the skipped ones included.
  pathTo(steps, depth) {
    return steps.slice(0, depth).map((step) => step.key);
  }

  deeper(path) {
    this.path = path;
    this.picked = [];
    this.screen.render();
    $("choices").querySelector("button.choice")?.focus();
  }

  // Whether a step of the path was chosen in this question (the moves differed there), so that
  // Back has somewhere to go; a step the control's button stood for was not.
  chosenHere(indices, paths) {
    return this.path.some((_, at) => {
      const before = indices.filter((index) => this.path.slice(0, at).every((key, depth) => paths.get(index)[depth]?.key === key));
      return new Set(before.map((index) => paths.get(index)[at]?.key)).size > 1;
    });
  }

  // One step back: to the last step that offered a choice.
  back() {
    const indices = this.screen.claims.get(this.open) ?? [];
    const decision = this.screen.myDecision();
    const paths = indices.map((index) => this.screen.steps(this.screen.view.actions[index], decision));
    let path = this.path.slice(0, -1);
    // A step every move left shares was skipped, not chosen: go back over it too.
    while (path.length) {
      const left = paths.filter((steps) => path.every((key, depth) => steps[depth]?.key === key));
      const last = path.length - 1;
      const before = paths.filter((steps) => path.slice(0, last).every((key, depth) => steps[depth]?.key === key));
      if (new Set(before.map((steps) => steps[last]?.key)).size > 1 || !left.length) break;
      path = path.slice(0, -1);
    }
    this.deeper(path);
  }

  close() {
    const key = this.open;
    this.reset();
    this.screen.render();
    document.querySelector(`[data-key="${CSS.escape(key ?? "")}"]`)?.focus();
  }
}
