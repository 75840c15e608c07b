// One place for every refusal and failure (role=alert announces it as it appears), and a polite
// live region for everything else worth hearing.

import { Problem } from "./api.js";
import { h } from "./dom.js";

const $ = (id) => document.getElementById(id);

export function report(error) {
  const box = $("problem");
  if (!(error instanceof Problem)) {
    box.replaceChildren(h("p", { text: `Something went wrong: ${error?.message ?? error}` }));
    return;
  }
  const rule = error.rule
    ? h("p", {}, "Refused by rule ", h("strong", { class: "rule", dataset: { rule: error.rule }, text: error.rule }))
    : null;
  const params = error.invalidParams.map((p) => h("li", { text: `${p.name ?? ""} ${p.reason ?? ""}`.trim() }));
  box.replaceChildren(
    h("p", { class: "problem-title", text: `${error.title}${error.status ? ` (${error.status})` : ""}` }),
    rule,
    error.detail ? h("p", { class: "problem-detail", text: error.detail }) : null,
    params.length ? h("ul", {}, params) : null,
    h("button", { type: "button", class: "dismiss", onclick: clearProblem, text: "Dismiss" }),
  );
  box.dataset.status = String(error.status);
  if (error.rule) box.dataset.rule = error.rule;
  else delete box.dataset.rule;
}

export function clearProblem() {
  const box = $("problem");
  box.replaceChildren();
  delete box.dataset.rule;
  delete box.dataset.status;
}

export function announce(text) {
  $("announce").textContent = text;
}
