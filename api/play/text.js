// Small helpers for words, shared by the shell and the games' modules.

export function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

export function plural(count, noun) {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

