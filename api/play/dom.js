// Building elements without innerHTML: names and texts come from other players, so they only
// ever become text nodes, never markup.

export function h(tag, props = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") element.className = value;
    else if (key === "text") element.textContent = value;
    else if (key === "dataset") Object.assign(element.dataset, value);
    else if (key === "vars") {
      // CSSOM, not a style attribute: the page's Content-Security-Policy forbids inline styles.
      for (const [name, setting] of Object.entries(value)) element.style.setProperty(name, setting);
    } else if (key.startsWith("on") && typeof value === "function") {
      element.addEventListener(key.slice(2), value);
    } else if (value === true) element.setAttribute(key, "");
    else element.setAttribute(key, String(value));
  }
  append(element, children);
  return element;
}

function append(element, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

// Replaces a region's content without losing the keyboard user's place: the focused control is
// found again by its data-key in the new content. When it is gone (the action was taken), focus
// moves to ``fallback`` so it does not fall back to the top of the page.
// A region a screen's layout lacks (the replay draws no hand) is left alone.
export function rerender(region, build, fallback = null) {
  if (!region) return;
  const active = document.activeElement;
  const hadFocus = active && region.contains(active) && active !== region;
  const key = hadFocus ? active.dataset?.key : undefined;
  region.replaceChildren(...[build()].flat().filter(Boolean));
  if (!hadFocus) return;
  const again = key ? region.querySelector(`[data-key="${CSS.escape(key)}"]`) : null;
  if (again && !again.disabled) again.focus({ preventScroll: true });
  else fallback?.focus({ preventScroll: true });
}

export function show(element, visible) {
  if (!element) return;
  element.hidden = !visible;
}

// One screen at a time: the one with ``id``, every other .screen hidden.
export function showScreen(id) {
  for (const section of document.querySelectorAll(".screen")) show(section, section.id === id);
}

// The site's name is the page's own <title>; each screen puts what it shows in front of it.
const SITE = document.title;

export function entitle(what) {
  document.title = what ? `${what} · ${SITE}` : SITE;
}
