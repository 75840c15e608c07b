// One place for every refusal and failure (role=alert announces it as it appears), and a polite
// live region for everything else worth hearing.

import { Problem } from "./api.js";
import { h } from "./dom.js";
import { capital } from "./text.js";

const $ = (id) => document.getElementById(id);

// The words of a problem, each line only if the server said something for it: a missing field
// must never show as "null" or "undefined".
export function problemLines(error) {
  const said = (value) => (typeof value === "string" ? value.trim() : "");
  const title = said(error.title) || "Request failed";
  const lines = [h("p", { class: "problem-title", text: error.status ? `${title} (${error.status})` : title })];
  if (said(error.rule)) {
    lines.push(h("p", {}, "Refused by rule ", h("strong", { class: "rule", dataset: { rule: error.rule }, text: error.rule })));
  }
  // The detail as the server wrote it (a client may search for it), only not left empty.
  if (said(error.detail)) lines.push(h("p", { class: "problem-detail", text: said(error.detail) }));
  const params = (error.invalidParams ?? [])
    .map((p) => [said(p?.name), said(p?.reason)].filter(Boolean).join(": "))
    .filter(Boolean);
  if (params.length) lines.push(h("ul", {}, params.map((text) => h("li", { text }))));
  return lines;
}

export function report(error) {
  const box = $("problem");
  const dismiss = h("button", { type: "button", class: "dismiss", onclick: clearProblem, text: "Dismiss" });
  if (!(error instanceof Problem)) {
    const what = typeof error?.message === "string" && error.message ? error.message : "the page could not go on";
    box.replaceChildren(h("p", { class: "problem-title", text: "Something went wrong" }), h("p", { text: capital(what) }), dismiss);
    delete box.dataset.rule;
    delete box.dataset.status;
    return;
  }
  box.replaceChildren(...problemLines(error), dismiss);
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
