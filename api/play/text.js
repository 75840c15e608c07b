// Small helpers for words, shared by the shell and the games' modules.

export function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

export function plural(count, noun) {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}


// A seat as people count it: the API numbers seats from 0, people from 1 ("seat 1" is the API's
// seat 0). Every word the page shows about a seat's number goes through here.
export function seatLabel(seat) {
  return `seat ${Number(seat) + 1}`;
}
