// The board's small pictures, drawn here as inline SVG (no image files, no fonts: a pictogram
// font differs between machines, a drawing does not): the landmarks printed on the buildings and
// the five figures a building can be claimed for. Each picture is decorative on its own; whoever
// places it gives it its name (aria-label, title, visible text).

const SVG = "http://www.w3.org/2000/svg";

// One SVG element; attributes only (the page's Content-Security-Policy forbids style attributes).
function s(tag, attributes = {}, ...children) {
  const element = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  for (const child of children) element.append(child);
  return element;
}

const line = (d) => s("path", { d, fill: "none" });
const solid = (d) => s("path", { d, class: "solid" });

// The landmarks' names as printed material would say them, and their drawings on a 24×24 grid.
// Strokes take the picture's colour (CSS ``color``), shapes marked ``solid`` are filled with it.
export const LANDMARKS = {
  dollar: {
    name: "Dollar",
    draw: () => [s("circle", { cx: 12, cy: 12, r: 9.5 }), line("M15 8.5c-1-1.2-5.5-1.6-5.5 1.2 0 3 6 1.6 6 4.6 0 2.8-4.8 2.5-6.5 1M12 5.5v13")],
  },
  key: {
    name: "Key",
    draw: () => [s("circle", { cx: 7, cy: 12, r: 4 }), line("M11 12h10M17 12v3.5M20 12v3")],
  },
  bottles: {
    name: "Bottles",
    draw: () => [
      line("M6 21v-9l2-3V4h2v5l2 3v9z"),
      line("M13 21v-7l1.5-2V8h2v4l1.5 2v7z"),
      solid("M6.5 15h5v3h-5zM13.5 16h4v2.5h-4z"),
    ],
  },
  pistol: {
    name: "Pistol",
    draw: () => [solid("M3 7h16l1-1.5h1.5V10H10l-1 1.5h-1L6.5 19H3l2-8.5z"), line("M10 10.5c0 2 1 3 3 3")],
  },
  envelope: {
    name: "Envelope",
    draw: () => [s("rect", { x: 3, y: 6, width: 18, height: 12, rx: 1 }), line("M3 6.5l9 6.5 9-6.5")],
  },
  horseshoe: {
    name: "Horseshoe",
    draw: () => [
      line("M6.5 20V11a5.5 5.5 0 0 1 11 0v9"),
      line("M4.5 20h4M15.5 20h4"),
      s("circle", { cx: 7.5, cy: 11, r: 0.6, class: "solid" }),
      s("circle", { cx: 16.5, cy: 11, r: 0.6, class: "solid" }),
      s("circle", { cx: 12, cy: 6.6, r: 0.6, class: "solid" }),
    ],
  },
  bell: {
    name: "Bell",
    draw: () => [line("M5.5 17.5c1.5-1.5 1.5-4 1.5-7a5 5 0 0 1 10 0c0 3 0 5.5 1.5 7zM12 3.5v2"), s("circle", { cx: 12, cy: 19.5, r: 1.6, class: "solid" })],
  },
  lamp: {
    name: "Oil lamp",
    draw: () => [line("M7 13h10l-2 6H9zM9.5 13V9.5a2.5 2.5 0 0 1 5 0V13M6 21h12"), solid("M12 4c1.3 1.5 1.3 2.7 0 3.6-1.3-.9-1.3-2.1 0-3.6z")],
  },
  clock: {
    name: "Clock",
    draw: () => [s("circle", { cx: 12, cy: 12, r: 9 }), line("M12 6.5V12l4 2.5")],
  },
  star: {
    name: "Sheriff's star",
    draw: () => [solid("M12 2.5l2.6 5.8 6.3.7-4.7 4.3 1.3 6.2L12 16.4l-5.5 3.1 1.3-6.2L3.1 9l6.3-.7z")],
  },
  wanted_poster: {
    name: "Wanted poster",
    draw: () => [
      s("rect", { x: 5, y: 2.5, width: 14, height: 19, rx: 0.5 }),
      line("M7.5 6h9"),
      s("circle", { cx: 12, cy: 11.5, r: 2.6 }),
      line("M8 18c.8-2.2 2.2-3 4-3s3.2.8 4 3"),
    ],
  },
  locomotive: {
    name: "Locomotive",
    draw: () => [
      line("M3 16V9h6v7M9 11h9v5M5 9V6M14 11V7.5h3V11M18.5 16l2.5 2"),
      s("circle", { cx: 6, cy: 18, r: 2 }),
      s("circle", { cx: 13, cy: 18, r: 2 }),
    ],
  },
  lantern: {
    name: "Lantern",
    draw: () => [line("M9 4.5h6M12 2v2.5M8 7h8v11H8zM7 21h10M8 7l-1-2.5M16 7l1-2.5"), solid("M12 10c1.5 1.7 1.5 3.3 0 4.5-1.5-1.2-1.5-2.8 0-4.5z")],
  },
  mortar: {
    name: "Mortar and pestle",
    draw: () => [line("M4 11h16c0 5-3.5 8-8 8s-8-3-8-8zM9 21h6"), line("M13 11L18.5 3.5")],
  },
  scales: {
    name: "Scales",
    draw: () => [line("M12 3v17M8 20.5h8M4.5 7h15M6.5 7L3.5 13h6zM17.5 7l-3 6h6zM3.5 13a3 2 0 0 0 6 0M14.5 13a3 2 0 0 0 6 0")],
  },
  safe: {
    name: "Safe",
    draw: () => [s("rect", { x: 3.5, y: 3.5, width: 17, height: 16, rx: 1 }), s("circle", { cx: 12, cy: 11.5, r: 3.5 }), line("M12 8v1.5M6 21.5v-2M18 21.5v-2")],
  },
  moneybag: {
    name: "Money bag",
    draw: () => [line("M9 4.5h6l-1.6 3.5h-2.8zM10.5 8C5 10 4 15 5 18.5c.5 1.5 2 2 3.5 2h7c1.5 0 3-.5 3.5-2 1-3.5 0-8.5-5.5-10.5"), line("M14 12.5c-.7-.8-4-1-4 .8 0 2 4.2 1 4.2 3 0 1.8-3.3 1.6-4.4.7M12 11v8")],
  },
};

export function landmarkName(symbol) {
  const known = LANDMARKS[symbol]?.name;
  if (known) return known;
  const words = String(symbol).replaceAll("_", " ");
  return words[0].toUpperCase() + words.slice(1);
}

// The five figures, each a distinct silhouette: the lady's feathered hat, the gunman's crossed
// revolvers, the sheriff's star badge, the bandit's mask, the cowboy's wide hat.
export const FIGURE_PICTURES = {
  lady: () => [
    solid("M5 13c0-3 3-5 7-5s7 2 7 5c-2 1-12 1-14 0z"),
    line("M13 8c1-3 4-4.5 6-4-1 1.5-2.5 3-5 4.5"),
    s("circle", { cx: 12, cy: 17, r: 3.5 }),
  ],
  gunman: () => [solid("M3 5h10l.6-1h1.2v3H8.5L7.8 8H7l-1.3 6H3.2l1.5-6z"), solid("M21 10H11l-.6-1H9.2v3h6.3l.7 1h.8l1.3 6h2.5l-1.5-6z")],
  sheriff: () => [
    solid("M12 2l2.3 4.6 5.1-.6-2.6 4.4 2.6 4.4-5.1-.6L12 19l-2.3-4.8-5.1.6 2.6-4.4L4.6 6l5.1.6z"),
    s("circle", { cx: 12, cy: 10.5, r: 2, class: "hole" }),
  ],
  bandit: () => [solid("M3 9c3-1.5 15-1.5 18 0 0 3-1.5 5-4 5-2 0-3-1.5-5-1.5S9 14 7 14c-2.5 0-4-2-4-5z"), s("circle", { cx: 8, cy: 10.5, r: 1.4, class: "hole" }), s("circle", { cx: 16, cy: 10.5, r: 1.4, class: "hole" })],
  cowboy: () => [solid("M2 15c3 2 17 2 20 0-1.5-.5-3-.5-4.5-.5L16.5 7c-1-1.5-2.5-1-4.5 0-2-1-3.5-1.5-4.5 0L6.5 14.5c-1.5 0-3 0-4.5.5z")],
};

// A picture as an <svg> of class ``picture`` and ``extra``, hidden from assistive technology: its
// name is said by the element around it.
export function picture(parts, extra = "") {
  return s("svg", { viewBox: "0 0 24 24", class: `picture ${extra}`.trim(), "aria-hidden": "true", focusable: "false" }, ...parts);
}

export function landmarkPicture(symbol) {
  const known = LANDMARKS[symbol];
  if (known) return picture(known.draw(), `landmark-${symbol}`);
  return picture([s("circle", { cx: 12, cy: 12, r: 8 })], "landmark-unknown");
}

export function figurePicture(figure) {
  const draw = FIGURE_PICTURES[figure];
  return draw ? picture(draw(), `figure-picture figure-${figure}`) : null;
}
