// Procedural food illustrations as small SVGs (no downloads): one archetype per kind of dish,
// coloured from the product's hue and varied by a seeded random generator (garnish, toppings,
// latte art, positions), with soft gradients, a blurred shadow and a warm table background.
// Every picture stays around 2–4 KB, so a menu page of them is light on a phone.
import type { MenuSeed } from "./catalogue.ts";

/** A kind of dish, as the catalogue names it (a section's picture is one of them too). */
type Kind = MenuSeed["image"];

/** A small deterministic generator (LCG): the same seed always draws the same picture. */
export function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(((h % 360) + 360) % 360)} ${Math.round(s)}% ${Math.round(l)}%)`;
const n = (x: number) => String(Math.round(x * 10) / 10);

/** Collects the gradients a picture uses; ids are short and local to the file. */
class Paint {
  defs: string[] = [];
  private ids = new Map<string, string>();
  /** The same gradient asked twice is defined once (keeps repeated pieces cheap). */
  private use(key: string, def: (id: string) => string) {
    let id = this.ids.get(key);
    if (!id) {
      id = `g${this.defs.length}`;
      this.ids.set(key, id);
      this.defs.push(def(id));
    }
    return `url(#${id})`;
  }
  radial(inner: string, outer: string, cx = 0.4, cy = 0.35) {
    return this.use(
      `r${inner}${outer}${cx}${cy}`,
      (id) =>
        `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r=".75"><stop offset="0" stop-color="${inner}"/><stop offset="1" stop-color="${outer}"/></radialGradient>`,
    );
  }
  linear(top: string, bottom: string, horizontal = false) {
    return this.use(
      `l${top}${bottom}${horizontal}`,
      (id) =>
        `<linearGradient id="${id}" x2="${horizontal ? 1 : 0}" y2="${horizontal ? 0 : 1}"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`,
    );
  }
}

type Draw = (h: number, rand: () => number, paint: Paint) => string;

/** The soft shadow under an object (blurred by the shared filter #s). */
const shadow = (cx: number, cy: number, rx: number, ry: number) =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="#5a3a1e" opacity=".28" filter="url(#s)"/>`;

/** Small round bits (herbs, seeds, crumbs) scattered in a disc. */
function bits(rand: () => number, cx: number, cy: number, radius: number, count: number, colours: string[], size: [number, number]) {
  let out = "";
  for (let i = 0; i < count; i++) {
    const a = rand() * Math.PI * 2;
    const d = Math.sqrt(rand()) * radius;
    out += `<circle cx="${n(cx + Math.cos(a) * d)}" cy="${n(cy + Math.sin(a) * d)}" r="${n(size[0] + rand() * (size[1] - size[0]))}" fill="${colours[i % colours.length]}"/>`;
  }
  return out;
}

/** Leaves (mint, parsley, lettuce) as rotated almond shapes. */
function leaves(rand: () => number, cx: number, cy: number, radius: number, count: number, hue: number, size = 14) {
  let out = "";
  for (let i = 0; i < count; i++) {
    const a = rand() * Math.PI * 2,
      d = Math.sqrt(rand()) * radius;
    const x = cx + Math.cos(a) * d,
      y = cy + Math.sin(a) * d,
      s = size * (0.7 + rand() * 0.6);
    out += `<path d="M${n(x - s)} ${n(y)}q${n(s)} ${n(-s * 0.9)} ${n(s * 2)} 0q${n(-s)} ${n(s * 0.9)} ${n(-s * 2)} 0Z" fill="${hsl(hue + rand() * 20, 55, 32 + rand() * 14)}" transform="rotate(${Math.round(rand() * 180)} ${n(x)} ${n(y)})"/>`;
  }
  return out;
}

/** A white plate seen from above. */
const plate = (p: Paint, cx = 200, cy = 205, r = 150) =>
  shadow(cx + 8, cy + 14, r, r * 0.95) +
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${p.radial("#ffffff", "#e9e4dc")}"/><circle cx="${cx}" cy="${cy}" r="${n(r * 0.74)}" fill="#f6f3ee" stroke="#e3ddd3" stroke-width="3"/>`;

/** A cup on its saucer, from above; `liquid` fills the cup. */
function cup(p: Paint, rand: () => number, liquid: string, r = 92) {
  const a = -0.5 + rand() * 0.9;
  const hx = 200 + Math.cos(a) * (r + 22),
    hy = 205 + Math.sin(a) * (r + 22);
  return (
    shadow(208, 222, 150, 140) +
    `<circle cx="200" cy="205" r="146" fill="${p.radial("#fffdf9", "#e6dfd4")}"/><circle cx="200" cy="205" r="${r + 20}" fill="#efe9e0"/>` +
    `<circle cx="${n(hx)}" cy="${n(hy)}" r="20" fill="none" stroke="#faf8f4" stroke-width="13"/>` +
    `<circle cx="200" cy="205" r="${r + 12}" fill="${p.radial("#ffffff", "#ebe5dc", 0.3, 0.3)}"/><circle cx="200" cy="205" r="${r}" fill="${liquid}"/>` +
    `<path d="M${200 - r * 0.7} ${205 - r * 0.55}a${r} ${r} 0 0 1 ${r * 0.9} ${-r * 0.35}" stroke="#fff" stroke-width="6" fill="none" opacity=".35" stroke-linecap="round"/>`
  );
}

/** A tall glass (side view) with a liquid, ice, a straw and condensation. */
function glass(p: Paint, rand: () => number, top: string, bottom: string, level = 120, straw = "#fff") {
  const ice = Array.from(
    { length: 3 },
    (_, i) =>
      `<rect x="${n(148 + i * 34 + rand() * 8)}" y="${n(level + 6 + rand() * 40)}" width="32" height="32" rx="7" fill="#fff" opacity=".35" transform="rotate(${Math.round(rand() * 40 - 20)} 200 ${level + 30})"/>`,
  ).join("");
  const drops = Array.from(
    { length: 6 },
    () => `<circle cx="${n(140 + rand() * 120)}" cy="${n(level + 40 + rand() * 160)}" r="${n(2 + rand() * 2.5)}" fill="#fff" opacity=".5"/>`,
  ).join("");
  return (
    shadow(205, 352, 92, 16) +
    `<rect x="${n(222 + rand() * 14)}" y="40" width="13" height="${level + 40}" rx="6" fill="${straw}" transform="rotate(${Math.round(8 + rand() * 10)} 230 ${level})"/>` +
    `<path d="M122 80h156l-16 262a14 14 0 0 1-14 12h-96a14 14 0 0 1-14-12Z" fill="#fff" opacity=".45"/>` +
    `<path d="M${n(122 + (level - 80) * 0.061)} ${level}h${n(156 - (level - 80) * 0.122)}l${n(-14 + (level - 80) * 0.061)} ${n(342 - level - 8)}a12 12 0 0 1-12 10h-92a12 12 0 0 1-12-10Z" fill="${p.linear(top, bottom)}"/>` +
    ice +
    drops +
    `<path d="M138 96l12 240" stroke="#fff" stroke-width="9" opacity=".45" stroke-linecap="round"/><ellipse cx="200" cy="80" rx="78" ry="7" fill="none" stroke="#fff" stroke-width="3" opacity=".7"/>`
  );
}

/** A citrus wheel (lemon, lime, orange) for the rim of a glass or the side of a plate. */
const citrus = (x: number, y: number, r: number, hue: number) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${hsl(hue, 85, 50)}"/><circle cx="${x}" cy="${y}" r="${r - 4}" fill="${hsl(hue, 90, 78)}"/>` +
  Array.from(
    { length: 6 },
    (_, i) => `<path d="M${x} ${y}l${n(Math.cos(i * 1.047) * (r - 6))} ${n(Math.sin(i * 1.047) * (r - 6))}" stroke="${hsl(hue, 70, 92)}" stroke-width="2"/>`,
  ).join("");

/** A coffee bean on the table. */
const bean = (x: number, y: number, a: number) =>
  `<g transform="rotate(${Math.round(a)} ${n(x)} ${n(y)})"><ellipse cx="${n(x)}" cy="${n(y)}" rx="11" ry="7.5" fill="#4a2a17"/><path d="M${n(x - 9)} ${n(y)}q9 -4 18 0" stroke="#2a150a" stroke-width="2" fill="none"/></g>`;

/** Coffee, matcha or chocolate, from the product's hue. */
const drinkColour = (h: number) =>
  h > 80 && h < 170 ? [hsl(95, 45, 55), hsl(90, 50, 34)] : h < 20 ? [hsl(20, 45, 34), hsl(15, 55, 18)] : [hsl(32, 50, 52), hsl(25, 55, 28)];

const LATTE_ART: ((rand: () => number) => string)[] = [
  () => `<path d="M200 262c-50-30-68-56-54-80 12-20 40-19 54 4 14-23 42-24 54-4 14 24-4 50-54 80Z" fill="#fbf1e1"/>`,
  (rand) =>
    Array.from(
      { length: 6 },
      (_, i) =>
        `<path d="M${150 + i * 6} ${n(160 + i * 17)}q50 ${n(-16 + rand() * 4)} ${100 - i * 12} 0" stroke="#fbf1e1" stroke-width="9" fill="none" stroke-linecap="round"/>`,
    ).join("") + `<path d="M200 150v118" stroke="#fbf1e1" stroke-width="4"/>`,
  // A tulip: three stacked hearts, smaller towards the top.
  () =>
    [0, 1, 2]
      .map(
        (i) =>
          `<path d="M200 262c-50-30-68-56-54-80 12-20 40-19 54 4 14-23 42-24 54-4 14 24-4 50-54 80Z" fill="#fbf1e1" stroke="${i ? "#9a6a40" : "none"}" stroke-width="4" transform="translate(${n(200 - 200 * (1 - i * 0.22))} ${n(205 - 205 * (1 - i * 0.22) - i * 34)}) scale(${n(1 - i * 0.22)})"/>`,
      )
      .join(""),
];

const DRAW: Record<Kind, Draw> = {
  espresso: (h, rand, p) => {
    const [light, dark] = h > 40 ? [hsl(38, 55, 50), hsl(30, 55, 30)] : [hsl(30, 60, 45), hsl(20, 60, 18)];
    return (
      cup(p, rand, p.radial(light, dark, 0.45, 0.4), 62) +
      bits(rand, 200, 205, 40, 8, [hsl(35, 60, 62)], [1.5, 3]) +
      Array.from({ length: 3 }, () => bean(40 + rand() * 60, 310 + rand() * 60, rand() * 180)).join("") +
      (h > 40
        ? `<ellipse cx="336" cy="64" rx="13" ry="8" fill="${hsl(95, 40, 48)}"/><ellipse cx="360" cy="80" rx="13" ry="8" fill="${hsl(95, 40, 44)}" transform="rotate(40 360 80)"/>`
        : "")
    );
  },
  latte: (h, rand, p) => {
    const [light, dark] = drinkColour(h);
    const art = LATTE_ART[Math.floor(rand() * LATTE_ART.length)]!(rand);
    return cup(p, rand, p.radial(light, dark, 0.5, 0.45)) + art + bean(60 + rand() * 30, 330, rand() * 180) + bean(90 + rand() * 20, 352, rand() * 180);
  },
  tea: (h, rand, p) => {
    const mint = h > 90 && h < 160;
    const milky = h > 30 && h < 40;
    const tea = milky ? [hsl(32, 55, 62), hsl(28, 55, 40)] : mint ? [hsl(55, 70, 55), hsl(45, 75, 32)] : [hsl(h, 75, 50), hsl(h, 75, 25)];
    return (
      shadow(205, 345, 120, 18) +
      `<ellipse cx="200" cy="336" rx="118" ry="22" fill="${p.radial("#fffdf8", "#d9cfc0")}"/><ellipse cx="200" cy="330" rx="70" ry="11" fill="none" stroke="${hsl(42, 75, 55)}" stroke-width="3"/>` +
      `<path d="M148 120h104c0 45-14 70-10 100 6 40 20 70 8 98-4 9-12 14-22 14h-56c-10 0-18-5-22-14-12-28 2-58 8-98 4-30-10-55-10-100Z" fill="#fff" opacity=".55"/>` +
      `<path d="M153 160h94c0 28-6 42-3 62 6 40 18 68 8 92-3 8-9 12-18 12h-68c-9 0-15-4-18-12-10-24 2-52 8-92 3-20-3-34-3-62Z" fill="${p.linear(tea[0]!, tea[1]!)}"/>` +
      `<rect x="146" y="114" width="108" height="8" rx="4" fill="${hsl(42, 75, 55)}"/><path d="M166 176l6 130" stroke="#fff" stroke-width="7" opacity=".4" stroke-linecap="round"/>` +
      `<path d="M185 100c-12-14 12-24 0-40M215 98c-12-14 12-24 0-40" stroke="#fff" stroke-width="6" fill="none" opacity=".6" stroke-linecap="round"/>` +
      (mint ? leaves(rand, 200, 150, 18, 4, 110, 16) : "") +
      `<rect x="${n(290 + rand() * 20)}" y="300" width="22" height="22" rx="3" fill="#fff"/><rect x="${n(300 + rand() * 20)}" y="326" width="22" height="22" rx="3" fill="#fbf8f2"/>`
    );
  },
  juice: (h, rand, p) =>
    glass(p, rand, hsl(h + 8, 90, 62), hsl(h, 85, 44), 110, hsl(h + 180, 55, 55)) +
    citrus(272, 96, 30, h > 60 && h < 130 ? 70 : h > 300 || h < 15 ? 45 : h) +
    leaves(rand, 160, 100, 8, 3, 115, 15),
  smoothie: (h, rand, p) => {
    const cream = h > 20 && h < 40;
    return (
      glass(p, rand, hsl(h, cream ? 45 : 60, cream ? 72 : 66), hsl(h, cream ? 50 : 55, cream ? 45 : 46), 96, "#fff") +
      `<path d="M124 96c14-26 40-8 52-22 14-16 40-6 52 4 14-12 40-8 48 18Z" fill="${hsl(h, cream ? 40 : 55, cream ? 90 : 80)}"/>` +
      bits(rand, 200, 84, 44, 9, [hsl(h, 70, 36), hsl(h + 20, 60, 70), hsl(30, 50, 40)], [4, 8])
    );
  },
  iced: (h, rand, p) => {
    const coffee = h < 50;
    return (
      glass(
        p,
        rand,
        coffee ? hsl(32, 40, 88) : hsl(h, 55, 72),
        coffee ? hsl(25, 55, 28) : hsl(h, 60, 38),
        coffee ? 118 : 126,
        coffee ? hsl(h, 35, 30) : "#fff",
      ) +
      (coffee
        ? `<path d="M128 170q72 26 144 0" stroke="${hsl(30, 45, 70)}" stroke-width="14" fill="none" opacity=".6"/>`
        : h > 300
          ? citrus(270, 100, 26, 75)
          : "")
    );
  },
  croissant: (h, rand, p) => {
    const crust = [hsl(36, 85, 62), hsl(26, 80, 38)];
    const fill = p.radial(crust[0]!, crust[1]!, 0.45, 0.3);
    const seg = [-2, -1, 0, 1, 2]
      .map((i) => {
        const x = 200 + i * 40,
          y = 195 - Math.abs(i) * 16 + (Math.abs(i) === 2 ? 12 : 0);
        return `<ellipse cx="${x}" cy="${y}" rx="${44 - Math.abs(i) * 9}" ry="${60 - Math.abs(i) * 13}" fill="${fill}" stroke="${hsl(24, 70, 34)}" stroke-width="3" transform="rotate(${i * 18} ${x} ${y})"/>`;
      })
      .join("");
    const top =
      h > 90 && h < 130
        ? bits(rand, 200, 185, 60, 18, [hsl(100, 55, 42), hsl(95, 50, 60)], [3, 6]) +
          `<path d="M150 175q50 20 100 0" stroke="${hsl(100, 40, 70)}" stroke-width="8" fill="none" stroke-linecap="round"/>`
        : h > 60
          ? bits(rand, 200, 190, 65, 22, [hsl(90, 40, 25), hsl(40, 60, 85)], [2, 3.5])
          : "";
    return plate(p) + seg + `<path d="M172 170q28-14 56 0" stroke="#fff" stroke-width="6" opacity=".35" fill="none" stroke-linecap="round"/>` + top;
  },
  fatayer: (_h, rand, p) =>
    plate(p) +
    [
      [150, 170, 0],
      [250, 175, 60],
      [200, 260, 180],
    ]
      .map(
        ([x, y, a]) =>
          `<path d="M${x} ${y! - 50}l48 80h-96Z" fill="${p.radial(hsl(40, 80, 72), hsl(30, 75, 48), 0.5, 0.6)}" stroke="${hsl(28, 65, 40)}" stroke-width="4" stroke-linejoin="round" transform="rotate(${a! + Math.round(rand() * 20)} ${x} ${y})"/>`,
      )
      .join("") +
    leaves(rand, 200, 205, 20, 3, 115, 12),
  pizza: (h, rand, p) =>
    plate(p) +
    `<circle cx="200" cy="205" r="122" fill="${p.radial(hsl(40, 70, 72), hsl(30, 65, 48))}"/><circle cx="200" cy="205" r="104" fill="${p.radial(hsl(h > 50 ? 80 : 10, h > 50 ? 35 : 70, h > 50 ? 38 : 50), hsl(h > 50 ? 75 : 8, 40, 28))}"/>` +
    bits(rand, 200, 205, 95, 40, [hsl(45, 40, 85), hsl(90, 30, 22), "#f6f0e0"], [2, 5]) +
    `<circle cx="200" cy="205" r="104" fill="none" stroke="${hsl(28, 60, 40)}" stroke-width="3" opacity=".5"/>` +
    [0, 1, 2]
      .map(
        (i) =>
          `<path d="M200 205l${n(Math.cos(i * 2.09 + 0.3) * 122)} ${n(Math.sin(i * 2.09 + 0.3) * 122)}" stroke="${hsl(30, 50, 40)}" stroke-width="3" opacity=".6"/>`,
      )
      .join("") +
    leaves(rand, 318, 330, 16, 3, 110, 14),
  cake: (h, rand, p) => {
    const sponge = p.linear(hsl(h, 45, 74), hsl(h, 50, 60));
    return (
      plate(p) +
      `<path d="M96 258 300 258 300 190 96 150Z" fill="${sponge}"/><path d="M96 150 300 190 300 207 96 166Z" fill="${hsl(h, 60, 40)}"/>` +
      `<path d="M96 205 300 230 300 240 96 214Z" fill="${hsl(h, 55, 90)}"/><path d="M96 150 300 190 256 118Z" fill="${p.linear(hsl(h, 45, 92), hsl(h, 40, 78))}"/>` +
      `<path d="M96 150 256 118" stroke="#fff" stroke-width="4" opacity=".5"/>` +
      bits(rand, 248, 148, 26, 7, [hsl(h + 40, 70, 45), "#fff", hsl(100, 50, 45)], [4, 7]) +
      (rand() > 0.5
        ? `<path d="M290 300q-30 10-60-4" stroke="${hsl(h, 60, 38)}" stroke-width="7" fill="none" stroke-linecap="round"/>`
        : leaves(rand, 300, 290, 8, 2, 115, 12))
    );
  },
  fondant: (_h, rand, p) =>
    plate(p) +
    `<ellipse cx="200" cy="250" rx="95" ry="34" fill="${hsl(15, 55, 20)}"/>` +
    `<path d="M130 240c0-60 30-92 70-92s70 32 70 92Z" fill="${p.radial(hsl(18, 45, 34), hsl(12, 55, 14))}"/><path d="M200 236c20 8 60 4 80 18-30 14-70 12-88 0Z" fill="${hsl(14, 60, 24)}"/>` +
    `<circle cx="${n(260 + rand() * 20)}" cy="150" r="26" fill="#fffaf0"/><circle cx="250" cy="143" r="9" fill="#fff"/>` +
    bits(rand, 150, 300, 30, 6, [hsl(350, 70, 45)], [5, 8]) +
    bits(rand, 200, 185, 40, 10, ["#fff"], [1.5, 2.5]),
  kunafa: (_h, rand, p) =>
    plate(p) +
    `<circle cx="200" cy="205" r="112" fill="${p.radial(hsl(30, 90, 60), hsl(20, 85, 40))}"/>` +
    `<path d="${Array.from({ length: 36 }, () => {
      const a = rand() * 6.28,
        d = rand() * 100;
      return `M${n(200 + Math.cos(a) * d)} ${n(205 + Math.sin(a) * d)}l${n(rand() * 16 - 8)} ${n(rand() * 16 - 8)}`;
    }).join("")}" stroke="${hsl(35, 85, 72)}" stroke-width="2.5" stroke-linecap="round"/>` +
    bits(rand, 200, 205, 50, 26, [hsl(100, 55, 42), hsl(95, 45, 58)], [3, 6]),
  bowl: (h, rand, p) =>
    shadow(208, 226, 158, 146) +
    `<circle cx="200" cy="210" r="150" fill="${p.radial(hsl(h + 180, 20, 96), hsl(h + 180, 22, 78))}"/>` +
    `<circle cx="200" cy="210" r="122" fill="${p.radial(hsl(h, 65, 58), hsl(h, 65, 38))}"/>` +
    bits(rand, 200, 210, 100, 22, [hsl(h, 70, 30), hsl(h + 30, 60, 72), hsl(40, 60, 88)], [6, 13]) +
    leaves(rand, 200, 210, 90, 6, 105, 12),
  dip: (h, rand, p) =>
    plate(p) +
    `<circle cx="200" cy="205" r="110" fill="${p.radial(hsl(h, 45, 80), hsl(h, 40, 60))}"/>` +
    `<path d="M200 130a75 75 0 1 1-1 0M200 160a45 45 0 1 0 1 0" stroke="${hsl(h, 40, 90)}" stroke-width="12" fill="none" opacity=".8"/>` +
    `<ellipse cx="200" cy="205" rx="40" ry="28" fill="${hsl(55, 80, 45)}" opacity=".7"/>` +
    bits(rand, 200, 205, 32, 8, [hsl(40, 60, 70)], [6, 8]) +
    bits(rand, 200, 205, 90, 14, [hsl(8, 80, 45)], [1.5, 3]) +
    leaves(rand, 200, 205, 80, 4, 105, 10),
  salad: (h, rand, p) =>
    plate(p) +
    Array.from({ length: 16 }, () => {
      const x = 200 + (rand() - 0.5) * 170,
        y = 205 + (rand() - 0.5) * 170,
        a = Math.round(rand() * 360);
      return `<ellipse cx="${n(x)}" cy="${n(y)}" rx="36" ry="20" fill="${hsl(85 + rand() * 40, 55, 32 + rand() * 22)}" transform="rotate(${a} ${n(x)} ${n(y)})"/>`;
    }).join("") +
    bits(rand, 200, 205, 92, 12, [hsl(h, 80, 48), hsl(2, 75, 48), "#fffdf5"], [8, 14]) +
    bits(rand, 200, 205, 80, 14, [hsl(350, 60, 30)], [2, 3]),
  eggs: (h, rand, p) =>
    plate(p) +
    (h < 20 || h > 300 ? `<circle cx="200" cy="205" r="112" fill="${p.radial(hsl(10, 80, 52), hsl(5, 75, 36))}"/>` : "") +
    [
      [162, 178],
      [248, 198],
      [188, 262],
    ]
      .map(
        ([x, y]) =>
          `<path d="M${x! - 48} ${y}c0-40 30-52 52-48 30 4 46 26 40 52-6 30-40 40-62 36-20-4-30-20-30-40Z" fill="#fffdf7"/>` +
          `<circle cx="${x! + 6}" cy="${y! + 2}" r="20" fill="${p.radial(hsl(45, 100, 68), hsl(35, 95, 48))}"/><circle cx="${x}" cy="${y! - 4}" r="5" fill="#fff" opacity=".6"/>`,
      )
      .join("") +
    leaves(rand, 200, 205, 95, 6, 105, 8) +
    bits(rand, 200, 205, 100, 10, [hsl(8, 70, 40)], [1.5, 3]),
  grill: (h, rand, p) => {
    // Two or three skewers; round (kofta, tikka) or long (kebab) pieces; vegetables between
    // the pieces of light-coloured grills (halloumi, chicken); rice or fries on the side.
    const rows = rand() > 0.5 ? [-1, 0, 1] : [-0.5, 0.5];
    const round = rand() > 0.5;
    const veg = h > 25;
    const side =
      rand() > 0.5
        ? `<ellipse cx="${n(150 + rand() * 20)}" cy="266" rx="70" ry="42" fill="#fbf6e8"/>` + bits(rand, 155, 266, 55, 10, ["#efe6cf"], [3, 5])
        : Array.from(
            { length: 7 },
            (_, i) =>
              `<rect x="${110 + i * 12}" y="${240 + (i % 3) * 8}" width="12" height="56" rx="4" fill="${hsl(44, 90, 58)}" transform="rotate(${-30 + i * 9} 150 270)"/>`,
          ).join("");
    return (
      plate(p) +
      side +
      rows
        .map((i) => {
          const y = 185 + i * 46;
          const meat = p.radial(hsl(h + i * 8, 60, 50), hsl(h, 55, 24));
          const count = round ? 5 : 3;
          const w = round ? 32 : 56,
            gap = round ? 36 : 62;
          // One group and one char-mark path per skewer keep the file small.
          const pieces = Array.from(
            { length: count },
            (_, k) =>
              `<rect x="${112 + k * gap}" y="${y - 19}" width="${w}" height="38" rx="${round ? 16 : 12}"${veg && k % 2 ? ` fill="${k % 4 === 1 ? hsl(2, 70, 48) : hsl(110, 50, 38)}"` : ""}/>`,
          ).join("");
          const marks = Array.from({ length: count }, (_, k) => `M${118 + k * gap} ${y - 8}l${w - 12} 16`).join("");
          return `<rect x="86" y="${y - 3}" width="230" height="6" rx="3" fill="#a8a093"/><g fill="${meat}">${pieces}</g><path d="${marks}" stroke="${hsl(h, 50, 14)}" stroke-width="3" opacity=".55"/>`;
        })
        .join("") +
      leaves(rand, 285, 275, 26, 5, 105, 11) +
      `<path d="M242 280a22 22 0 0 1 44 0Z" fill="${hsl(2, 75, 50)}"/>`
    );
  },
  chops: (h, rand, p) =>
    plate(p) +
    [0, 1, 2, 3]
      .map((i) => {
        const x = 130 + i * 44 + rand() * 6,
          y = 190 + (i % 2) * 30;
        return (
          `<g transform="rotate(${-20 + i * 12} ${n(x)} ${y})"><rect x="${n(x - 5)}" y="${y - 96}" width="10" height="70" rx="5" fill="#f3ead8"/>` +
          `<ellipse cx="${n(x)}" cy="${y}" rx="30" ry="40" fill="${p.radial(hsl(h, 55, 46), hsl(h, 55, 22))}"/><path d="M${n(x - 18)} ${y - 12}l36 14M${n(x - 18)} ${y + 8}l36 14" stroke="${hsl(h, 50, 12)}" stroke-width="4" opacity=".55"/></g>`
        );
      })
      .join("") +
    leaves(rand, 170, 290, 30, 6, 110, 10) +
    citrus(290, 300, 24, 55),
  corn: (_h, rand, p) =>
    plate(p) +
    [0, 1]
      .map(
        (i) =>
          `<g transform="rotate(${-28 + i * 20} 200 ${180 + i * 60})"><rect x="96" y="${152 + i * 60}" width="200" height="56" rx="28" fill="${p.linear(hsl(46, 95, 64), hsl(40, 90, 46))}"/>` +
          `<path d="${Array.from({ length: 9 }, (_, k) => `M${112 + k * 20} ${156 + i * 60}v48`).join("")}" stroke="${hsl(38, 80, 40)}" stroke-width="2" opacity=".6"/>` +
          `<path d="${Array.from({ length: 5 }, () => `M${n(110 + rand() * 160)} ${n(160 + i * 60 + rand() * 30)}l10 12`).join("")}" stroke="#3a2414" stroke-width="5" stroke-linecap="round" opacity=".7"/>` +
          `<path d="M296 ${158 + i * 60}q40 20 10 44" fill="${hsl(80, 45, 55)}"/></g>`,
      )
      .join("") +
    `<ellipse cx="200" cy="228" rx="60" ry="10" fill="${hsl(8, 85, 55)}" opacity=".5"/>`,
  burger: (h, rand, p) => {
    const crispy = h >= 35;
    const double = !crispy && rand() > 0.4;
    const patty = (y: number) =>
      `<rect x="84" y="${y}" width="232" height="36" rx="17" fill="${crispy ? p.radial(hsl(38, 80, 58), hsl(28, 75, 36)) : p.linear(hsl(h, 45, 30), hsl(h, 45, 15))}"/>`;
    const cheese = (y: number) => `<path d="M88 ${y}h224l-20 18-14-10-22 22-18-22-40 14-22-14-30 22-22-22-22 10Z" fill="${hsl(44, 95, 56)}"/>`;
    const top = double ? 208 : 244;
    return (
      shadow(205, 330, 140, 20) +
      `<path d="M92 296h216a12 12 0 0 1-12 24H104a12 12 0 0 1-12-24Z" fill="${p.linear(hsl(34, 75, 58), hsl(28, 70, 42))}"/>` +
      patty(262) +
      cheese(258) +
      (double ? patty(226) + cheese(222) : "") +
      (h > 28 && !crispy
        ? bits(rand, 200, top + 4, 70, 9, [hsl(30, 30, 55), hsl(30, 25, 40)], [7, 11])
        : `<path d="M78 ${top}q30 18 60 0t62 0 60 0 62 0l-6 16H86Z" fill="${hsl(110, 60, 42)}"/>`) +
      (crispy
        ? `<path d="M96 ${top - 2}q26 10 52 0t52 0 52 0 52 0" stroke="${hsl(95, 45, 70)}" stroke-width="10" fill="none"/>`
        : `<rect x="96" y="${top - 8}" width="208" height="10" rx="5" fill="${hsl(2, 75, 52)}"/>`) +
      `<path d="M90 ${top - 8}c0-82 50-122 110-122s110 40 110 122Z" fill="${p.radial(hsl(38, 85, 66), hsl(28, 75, 42), 0.4, 0.25)}"/>` +
      (rand() > 0.3 ? bits(rand, 200, top - 80, 60, 14, ["#fff8e6"], [2.5, 4]) : "") +
      `<path d="M130 ${top - 70}q30-40 70-44" stroke="#fff" stroke-width="8" opacity=".35" fill="none" stroke-linecap="round"/>`
    );
  },
  sandwich: (h, rand, p) =>
    plate(p) +
    [
      [-1, 0],
      [1, 1],
    ]
      .map(([s, k]) => {
        const dx = 200 + s! * 62,
          dy = 200 + k! * 20;
        return (
          `<g transform="rotate(${s! * 12} ${dx} ${dy})"><path d="M${dx - 70} ${dy + 60}h140l-70-130Z" fill="${hsl(35, 70, 62)}"/><path d="M${dx - 58} ${dy + 50}h116l-58-108Z" fill="${p.linear(hsl(44, 60, 94), hsl(40, 50, 84))}"/>` +
          `<path d="M${dx - 62} ${dy + 60}h124" stroke="${hsl(h, 60, 48)}" stroke-width="10"/><path d="M${dx - 66} ${dy + 68}q16-10 33 0t33 0 33 0 33 0" stroke="${hsl(105, 55, 42)}" stroke-width="7" fill="none"/></g>`
        );
      })
      .join("") +
    bits(rand, 200, 320, 30, 4, [hsl(2, 70, 48)], [7, 10]),
  icecream: (h, rand, p) =>
    shadow(205, 342, 110, 18) +
    `<path d="M108 248h184l-22 80a20 20 0 0 1-20 16H150a20 20 0 0 1-20-16Z" fill="${p.linear(hsl(h + 180, 30, 92), hsl(h + 180, 30, 76))}"/>` +
    [
      [158, 204, h],
      [242, 204, h + 35],
      [200, 152, h + 70],
    ]
      .map(([x, y, hh]) => `<circle cx="${x}" cy="${y}" r="58" fill="${p.radial(hsl(hh!, 65, 88), hsl(hh!, 55, 68))}"/>`)
      .join("") +
    bits(rand, 200, 170, 70, 14, [hsl(100, 50, 45), hsl(h, 55, 40)], [3, 6]) +
    `<path d="M226 100l40-50" stroke="${hsl(30, 60, 55)}" stroke-width="10" stroke-linecap="round"/>`,
  cookie: (h, rand, p) =>
    plate(p) +
    [
      [165, 182],
      [242, 236],
      [130, 268],
    ]
      .slice(0, 2 + Math.floor(rand() * 2))
      .map(
        ([x, y]) =>
          `<circle cx="${x}" cy="${y}" r="66" fill="${p.radial(hsl(36, 70, 66), hsl(28, 60, 44))}"/><circle cx="${x}" cy="${y}" r="66" fill="none" stroke="${hsl(28, 55, 38)}" stroke-width="4"/>` +
          bits(rand, x!, y!, 50, 9, [hsl(h, 55, 20), hsl(h + 10, 40, 30)], [4, 8]),
      )
      .join(""),
  muffin: (h, rand, p) =>
    shadow(205, 330, 110, 18) +
    `<path d="M120 220h160l-18 110h-124Z" fill="${p.linear(hsl(h, 60, 60), hsl(h, 55, 42))}"/>` +
    Array.from({ length: 7 }, (_, i) => `<path d="M${132 + i * 20} 226l${n(4 - i * 0.6)} 100" stroke="${hsl(h, 50, 35)}" stroke-width="3"/>`).join("") +
    `<path d="M104 228c-10-80 60-110 96-110s106 30 96 110Z" fill="${p.radial(hsl(32, 70, 58), hsl(25, 65, 32), 0.4, 0.3)}"/>` +
    bits(rand, 200, 180, 70, 10, [hsl(25, 60, 18)], [5, 8]),
  roll: (_h, rand, p) =>
    plate(p) +
    `<circle cx="200" cy="205" r="104" fill="${p.radial(hsl(34, 75, 64), hsl(26, 70, 40))}"/>` +
    `<path d="M200 205m-8 0a8 8 0 0 1 16 0a24 24 0 0 1-40 0a40 40 0 0 1 72 0a56 56 0 0 1-104 0a72 72 0 0 1 136 0a88 88 0 0 1-168 0" stroke="${hsl(22, 60, 30)}" stroke-width="7" fill="none"/>` +
    Array.from(
      { length: 5 },
      () =>
        `<path d="M${n(130 + rand() * 140)} ${n(140 + rand() * 130)}q20 10 40 0" stroke="#fffaf0" stroke-width="8" fill="none" stroke-linecap="round" opacity=".9"/>`,
    ).join(""),
  soup: (h, rand, p) =>
    DRAW.bowl(h, rand, p) + `<path d="M150 200q25-20 50 0t50 0" stroke="#fff" stroke-width="6" fill="none" opacity=".5"/>` + citrus(330, 320, 26, 60),
  pasta: (h, rand, p) =>
    plate(p) +
    `<circle cx="200" cy="205" r="100" fill="${hsl(45, 70, 80)}"/>` +
    Array.from({ length: 18 }, () => {
      const x = 200 + (rand() - 0.5) * 150,
        y = 205 + (rand() - 0.5) * 150;
      return `<path d="M${n(x - 40)} ${n(y)}q20 ${n(-30 + rand() * 60)} 40 0t40 0" stroke="${hsl(46, 85, 62 + rand() * 12)}" stroke-width="9" fill="none" stroke-linecap="round"/>`;
    }).join("") +
    (h > 35 ? bits(rand, 200, 205, 80, 7, [hsl(10, 80, 62)], [9, 12]) : bits(rand, 200, 205, 80, 10, [hsl(30, 35, 40)], [7, 11])) +
    leaves(rand, 200, 205, 80, 6, 105, 8),
  wrap: (h, rand, p) =>
    plate(p) +
    [0, 1]
      .map(
        (i) =>
          `<g transform="rotate(${-24 + i * 16} 200 ${180 + i * 60})"><rect x="${90 + i * 20}" y="${140 + i * 60}" width="200" height="70" rx="35" fill="${p.linear(hsl(40, 60, 86), hsl(34, 55, 68))}"/>` +
          `<path d="M${130 + i * 20} ${150 + i * 60}l30 50M${190 + i * 20} ${150 + i * 60}l30 50" stroke="${hsl(28, 55, 52)}" stroke-width="4" opacity=".6"/>` +
          `<ellipse cx="${96 + i * 20}" cy="${175 + i * 60}" rx="22" ry="34" fill="${hsl(h, 50, 55)}"/></g>`,
      )
      .join("") +
    leaves(rand, 92, 180, 18, 4, 110, 9) +
    bits(rand, 110, 240, 20, 4, [hsl(5, 70, 50)], [5, 7]),
  fries: (h, rand, p) =>
    shadow(205, 342, 110, 18) +
    Array.from(
      { length: 12 },
      (_, i) =>
        `<rect x="${128 + i * 13}" y="${n(86 + rand() * 44)}" width="15" height="170" rx="5" fill="${p.linear(hsl(46, 95, 66), hsl(40, 85, 50), true)}" transform="rotate(${Math.round(rand() * 18 - 9)} 200 250)"/>`,
    ).join("") +
    `<path d="M116 186h168l-22 154H138Z" fill="${p.linear(hsl(h < 30 ? 2 : h, 75, 52), hsl(h < 30 ? 2 : h, 75, 38))}"/><path d="M146 226h108" stroke="#fff" stroke-width="8" opacity=".7"/>` +
    (h > 40
      ? `<path d="M150 170q50-30 100 0" stroke="${hsl(45, 90, 55)}" stroke-width="16" fill="none" stroke-linecap="round"/>` +
        bits(rand, 200, 150, 40, 8, [hsl(100, 55, 40)], [3, 5])
      : ""),
  water: (h, rand, p) =>
    shadow(205, 352, 70, 14) +
    `<path d="M170 40h60v40c0 30 30 40 30 80v170a16 16 0 0 1-16 16h-88a16 16 0 0 1-16-16V160c0-40 30-50 30-80Z" fill="${p.linear(hsl(h, 45, 82), hsl(h, 45, 58))}" opacity=".9"/>` +
    `<rect x="166" y="26" width="68" height="24" rx="6" fill="${hsl(h, 50, 35)}"/><rect x="140" y="200" width="120" height="70" fill="${hsl(h, 55, 40)}"/>` +
    bits(rand, 200, 160, 40, 12, ["#fff"], [2, 4]) +
    `<path d="M156 170v150" stroke="#fff" stroke-width="9" opacity=".4" stroke-linecap="round"/>`,
};

/** The warm table behind every picture, tinted a little toward the dish's own hue. */
function background(hue: number, paint: Paint) {
  const warm = 32 + Math.sin((hue * Math.PI) / 180) * 14;
  return `<rect width="400" height="400" fill="${paint.radial(hsl(warm, 60, 95), hsl(warm - 4, 45, 80), 0.35, 0.3)}"/>`;
}

const svg = (size: number, paint: Paint, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}"><defs><filter id="s" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="7"/></filter>${paint.defs.join("")}</defs>${body}</svg>\n`;

/** A square product (or menu/category tile) picture, 400×400. */
export function illustration(kind: Kind, hue: number, seed: number): string {
  const rand = rng(seed);
  const paint = new Paint();
  const bg = background(hue, paint);
  return svg(400, paint, bg + DRAW[kind](hue, rand, paint));
}

/** A menu or category tile: the dish on a fuller colour field with a soft vignette. */
export function tile(kind: Kind, hue: number, seed: number): string {
  const rand = rng(seed);
  const paint = new Paint();
  const bg =
    `<rect width="400" height="400" fill="${paint.radial(hsl(hue, 38, 82), hsl(hue, 34, 58), 0.5, 0.4)}"/>` +
    Array.from({ length: 10 }, () => `<circle cx="${n(rand() * 400)}" cy="${n(rand() * 400)}" r="${n(20 + rand() * 50)}" fill="#fff" opacity=".08"/>`).join("");
  return svg(400, paint, bg + `<g transform="translate(40 40) scale(.8)">${DRAW[kind](hue, rand, paint)}</g>`);
}

/** Section pictures (offers, new, popular): a badge over a dish, in the restaurant's colours. */
export function section(mark: "offer" | "new" | "popular", kind: Kind, hue: number, primary: string, seed: number): string {
  const rand = rng(seed);
  const paint = new Paint();
  const badge = {
    // A price tag with a percent sign.
    offer: `<g transform="translate(150 -10) scale(.68)"><path d="M250 40h90a20 20 0 0 1 20 20v90L230 280 120 170Z" fill="${primary}"/><circle cx="322" cy="80" r="12" fill="#fff"/><text x="262" y="176" font-family="Arial,sans-serif" font-size="64" font-weight="700" fill="#fff" text-anchor="middle" transform="rotate(-45 262 176)">%</text></g>`,
    // A starburst with a sparkle.
    new: `<path d="${Array.from({ length: 24 }, (_, i) => `${i ? "L" : "M"}${n(300 + Math.cos(i * 0.2618) * (i % 2 ? 52 : 76))} ${n(100 + Math.sin(i * 0.2618) * (i % 2 ? 52 : 76))}`).join("")}Z" fill="${primary}"/><path d="M300 64l9 27 27 9-27 9-9 27-9-27-27-9 27-9Z" fill="#fff"/>`,
    // A flame.
    popular: `<circle cx="300" cy="100" r="72" fill="${primary}"/><path d="M300 52c28 30 40 52 30 78-6 16-18 26-30 26s-26-10-30-26c-4-18 6-30 14-40 2 12 8 18 14 18-10-20-8-36 2-56Z" fill="#fff"/>`,
  }[mark];
  return svg(400, paint, background(hue, paint) + `<g transform="translate(20 70) scale(.78)">${DRAW[kind](hue, rand, paint)}</g>` + badge);
}

/** A restaurant logo: a monogram on a coloured disc with a thin ring and a small emblem. */
export function logo(initials: string, primary: string, onPrimary: string, emblem: "cup" | "flame"): string {
  const mark =
    emblem === "cup"
      ? `<path d="M80 150h40l-4 12H84Z M122 150h6a7 7 0 0 1 0 14h-6" fill="none" stroke="${onPrimary}" stroke-width="4"/><path d="M92 144c-5-6 5-10 0-16M108 144c-5-6 5-10 0-16" stroke="${onPrimary}" stroke-width="3" fill="none" stroke-linecap="round"/>`
      : `<path d="M100 128c14 14 18 24 14 34-4 8-8 12-14 12s-11-4-14-12c-2-8 2-14 6-18 1 6 4 8 7 8-5-8-4-16 1-24Z" fill="${onPrimary}"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200"><circle cx="100" cy="100" r="100" fill="${primary}"/><circle cx="100" cy="100" r="86" fill="none" stroke="${onPrimary}" stroke-width="3" opacity=".55"/>` +
    `<text x="100" y="112" font-family="Georgia,serif" font-size="${initials.length > 1 ? 54 : 72}" font-weight="700" fill="${onPrimary}" text-anchor="middle">${initials}</text>${mark}</svg>\n`
  );
}
