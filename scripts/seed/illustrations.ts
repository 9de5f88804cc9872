// Procedural food illustrations as small SVGs: one archetype per kind, coloured by a hue and
// varied by a seeded random generator, so every product gets its own picture without downloads.
import type { Kind } from "./catalogue.ts";

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(((h % 360) + 360) % 360)} ${s}% ${l}%)`;
const r1 = (n: number) => Math.round(n * 10) / 10;

/** Scattered round bits (herbs, seeds, crumbs) inside a circle. */
function bits(rand: () => number, cx: number, cy: number, radius: number, count: number, colours: string[], size: [number, number]) {
  let out = "";
  for (let i = 0; i < count; i++) {
    const a = rand() * Math.PI * 2;
    const d = Math.sqrt(rand()) * radius;
    const r = size[0] + rand() * (size[1] - size[0]);
    out += `<circle cx="${r1(cx + Math.cos(a) * d)}" cy="${r1(cy + Math.sin(a) * d)}" r="${r1(r)}" fill="${colours[i % colours.length]}"/>`;
  }
  return out;
}

const plate = (cx = 200, cy = 210, r = 150) =>
  `<ellipse cx="${cx}" cy="${cy + 14}" rx="${r}" ry="${r * 0.93}" fill="#000" opacity=".12"/>` +
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fbfaf7"/><circle cx="${cx}" cy="${cy}" r="${r * 0.78}" fill="#f1eee8"/>`;

const cupFromTop = (fill: string, rim = "#fff") =>
  `<ellipse cx="200" cy="222" rx="150" ry="140" fill="#000" opacity=".12"/>` +
  `<circle cx="200" cy="210" r="145" fill="#f4f1ec"/>` + // saucer
  `<path d="M318 196c36-8 52 34 14 48" fill="none" stroke="${rim}" stroke-width="18" stroke-linecap="round"/>` +
  `<circle cx="200" cy="205" r="100" fill="${rim}"/><circle cx="200" cy="205" r="86" fill="${fill}"/>`;

function glass(h: number, body: string, rand: () => number, top: string) {
  const ice = Array.from({ length: 3 }, (_, i) => `<rect x="${150 + i * 32 + rand() * 8}" y="${120 + rand() * 30}" width="34" height="34" rx="6" fill="#fff" opacity=".45" transform="rotate(${r1(rand() * 30 - 15)} 200 150)"/>`).join("");
  return `<ellipse cx="200" cy="352" rx="95" ry="16" fill="#000" opacity=".15"/>` +
    `<path d="M120 80h160l-18 262a12 12 0 0 1-12 11H150a12 12 0 0 1-12-11Z" fill="#fff" opacity=".55"/>` +
    `<path d="M126 ${h}h148l-14 ${340 - h}a10 10 0 0 1-10 9H150a10 10 0 0 1-10-9Z" fill="${body}"/>` +
    ice + `<rect x="236" y="40" width="14" height="150" rx="7" fill="${top}" transform="rotate(14 243 115)"/>` +
    `<path d="M140 96l10 232" stroke="#fff" stroke-width="8" opacity=".5" stroke-linecap="round"/>`;
}

const DRAW: Record<Kind, (hue: number, rand: () => number) => string> = {
  espresso: (h) => cupFromTop(hsl(25 + h / 20, 55, 22)) + `<circle cx="200" cy="205" r="70" fill="${hsl(30, 55, 38)}" opacity=".8"/><circle cx="185" cy="190" r="22" fill="${hsl(32, 60, 55)}" opacity=".5"/>`,
  latte: (h, rand) => {
    const heart = `<path d="M200 250c-46-30-62-52-50-74 10-18 36-18 50 4 14-22 40-22 50-4 12 22-4 44-50 74Z" fill="#fbf1e1"/>`;
    const rosetta = Array.from({ length: 5 }, (_, i) => `<ellipse cx="200" cy="${165 + i * 18}" rx="${48 - i * 7}" ry="9" fill="#fbf1e1"/>`).join("") + `<path d="M200 150v110" stroke="#fbf1e1" stroke-width="5"/>`;
    return cupFromTop(hsl(28 + (h % 30), 45, 45), hsl(h, 35, 88)) + (rand() > 0.5 ? heart : rosetta);
  },
  tea: (h, rand) => `<ellipse cx="200" cy="350" rx="120" ry="18" fill="#000" opacity=".14"/><ellipse cx="200" cy="338" rx="112" ry="18" fill="${hsl(42, 70, 55)}"/>` +
    `<path d="M150 130h100c0 40-8 70-4 100 6 40 18 70 8 96-4 10-12 14-22 14h-64c-10 0-18-4-22-14-10-26 2-56 8-96 4-30-4-60-4-100Z" fill="#fff" opacity=".6"/>` +
    `<path d="M154 170h92c0 20 0 40 3 60 6 40 16 66 7 90-3 8-9 10-17 10h-78c-8 0-14-2-17-10-9-24 1-50 7-90 3-20 3-40 3-60Z" fill="${hsl(h, 70, 34)}"/>` +
    (h > 90 && h < 150 ? bits(rand, 200, 180, 30, 5, [hsl(120, 50, 40)], [6, 10]) : ""),
  juice: (h, rand) => glass(110, hsl(h, 85, 55), rand, hsl(h + 160, 60, 50)) + `<circle cx="268" cy="92" r="30" fill="${hsl(h, 80, 60)}" stroke="#fff" stroke-width="6"/>`,
  smoothie: (h, rand) => glass(100, hsl(h, 60, 62), rand, "#fff") + bits(rand, 200, 92, 50, 9, [hsl(h, 70, 40), hsl(h + 20, 60, 75)], [5, 9]),
  iced: (h, rand) => glass(120, `url(#g)`, rand, hsl(h, 40, 35)) + `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(30, 35, 88)}"/><stop offset="1" stop-color="${hsl(h, 55, 30)}"/></linearGradient></defs>`,
  croissant: (h, rand) => {
    const crust = hsl(30 + (h % 15), 75, 52);
    const segments = [-2, -1, 0, 1, 2].map((i) => `<ellipse cx="${200 + i * 42}" cy="${205 - Math.abs(i) * 14}" rx="${46 - Math.abs(i) * 8}" ry="${58 - Math.abs(i) * 12}" fill="${crust}" stroke="${hsl(28, 70, 38)}" stroke-width="4" transform="rotate(${i * 16} ${200 + i * 42} 205)"/>`).join("");
    return plate() + segments + (h > 60 ? bits(rand, 200, 190, 70, 14, [hsl(h, 45, 35)], [3, 6]) : "");
  },
  cake: (h, rand) => plate() +
    `<path d="M110 250 290 250 290 190 110 150Z" fill="${hsl(h, 45, 70)}"/><path d="M110 150 290 190 290 205 110 165Z" fill="${hsl(h, 60, 45)}"/>` +
    `<path d="M110 200 290 225 290 235 110 210Z" fill="${hsl(h, 55, 88)}"/><path d="M110 150 290 190 250 120Z" fill="${hsl(h, 40, 82)}"/>` +
    bits(rand, 240, 150, 25, 6, [hsl(h + 40, 70, 45), "#fff"], [4, 7]),
  bowl: (h, rand) => `<ellipse cx="200" cy="236" rx="160" ry="140" fill="#000" opacity=".12"/><circle cx="200" cy="215" r="150" fill="${hsl(h + 180, 25, 90)}"/><circle cx="200" cy="215" r="122" fill="${hsl(h, 65, 48)}"/>` +
    bits(rand, 200, 215, 100, 26, [hsl(h, 70, 32), hsl(h + 30, 60, 70), hsl(110, 45, 40), "#fff3d6"], [6, 14]),
  salad: (h, rand) => `<circle cx="200" cy="222" r="150" fill="#000" opacity=".12"/><circle cx="200" cy="210" r="150" fill="#f6f3ea"/>` +
    Array.from({ length: 14 }, () => {
      const a = rand() * 360, x = 200 + (rand() - 0.5) * 170, y = 210 + (rand() - 0.5) * 170;
      return `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="38" ry="20" fill="${hsl(85 + rand() * 40, 55, 35 + rand() * 20)}" transform="rotate(${r1(a)} ${r1(x)} ${r1(y)})"/>`;
    }).join("") + bits(rand, 200, 210, 95, 14, [hsl(h, 80, 50), hsl(5, 75, 50), "#fff"], [8, 14]),
  eggs: (h, rand) => plate() + (h < 20 || h > 300 ? `<circle cx="200" cy="210" r="112" fill="${hsl(8, 75, 45)}"/>` : "") +
    [[160, 180], [245, 200], [185, 260]].map(([x, y]) => `<path d="M${x! - 48} ${y}c0-40 30-52 52-48 30 4 46 26 40 52-6 30-40 40-62 36-20-4-30-20-30-40Z" fill="#fffdf7"/><circle cx="${x! + 6}" cy="${y! + 2}" r="20" fill="${hsl(42, 95, 55)}"/>`).join("") +
    bits(rand, 200, 210, 100, 16, [hsl(110, 50, 35), hsl(h, 60, 40)], [3, 6]),
  grill: (h, rand) => plate() + [-1, 0, 1].map((i) => {
    const y = 210 + i * 52;
    const pieces = Array.from({ length: 5 }, (_, k) => `<rect x="${112 + k * 36}" y="${y - 20}" width="32" height="40" rx="10" fill="${hsl(h + k * 8, 55, 30 + rand() * 14)}"/>`).join("");
    return `<rect x="90" y="${y - 4}" width="220" height="8" rx="4" fill="#9a8f80"/>` + pieces;
  }).join("") + bits(rand, 200, 210, 110, 10, [hsl(110, 55, 38), "#fff"], [4, 7]),
  burger: (h, rand) => `<ellipse cx="200" cy="335" rx="140" ry="20" fill="#000" opacity=".15"/>` +
    `<path d="M90 300h220a12 12 0 0 1-12 22H102a12 12 0 0 1-12-22Z" fill="${hsl(32, 70, 50)}"/>` +
    `<rect x="84" y="262" width="232" height="38" rx="18" fill="${hsl(h, 45, 22)}"/>` +
    `<path d="M86 258q28 18 57 0t57 0 57 0 57 0v8H86Z" fill="${hsl(46, 90, 55)}"/><path d="M80 246q30 16 60 0t60 0 60 0 60 0l-6 14H86Z" fill="${hsl(110, 55, 42)}"/>` +
    `<path d="M90 240c0-80 50-120 110-120s110 40 110 120Z" fill="${hsl(32, 75, 52)}"/>` + bits(rand, 200, 170, 60, 12, ["#fff8e6"], [3, 5]),
  sandwich: (h, rand) => plate() + `<path d="M95 280 305 280 200 120Z" fill="${hsl(38, 60, 70)}"/><path d="M108 268 292 268 200 136Z" fill="${hsl(h, 50, 60)}"/>` +
    `<path d="M120 262 280 262 200 150Z" fill="${hsl(40, 50, 92)}"/>` + bits(rand, 200, 230, 40, 8, [hsl(110, 55, 40), hsl(5, 70, 50)], [6, 10]),
  icecream: (h, rand) => `<ellipse cx="200" cy="346" rx="110" ry="18" fill="#000" opacity=".14"/><path d="M110 250h180l-20 80a20 20 0 0 1-20 16H150a20 20 0 0 1-20-16Z" fill="${hsl(h + 180, 35, 85)}"/>` +
    [[160, 200, h], [240, 200, h + 40], [200, 150, h + 80]].map(([x, y, hh]) => `<circle cx="${x}" cy="${y}" r="58" fill="${hsl(hh!, 60, 78)}"/><circle cx="${x! - 18}" cy="${y! - 18}" r="16" fill="#fff" opacity=".35"/>`).join("") +
    bits(rand, 200, 170, 70, 14, [hsl(100, 45, 45), hsl(h, 55, 40)], [3, 6]),
  cookie: (h, rand) => plate() + [[165, 185], [240, 235]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="72" fill="${hsl(32, 60, 58)}"/><circle cx="${x}" cy="${y}" r="72" fill="none" stroke="${hsl(30, 55, 45)}" stroke-width="6"/>` +
    bits(rand, x!, y!, 55, 9, [hsl(h, 50, 22)], [5, 9])).join(""),
  soup: (h, rand) => DRAW.bowl(h, rand) + `<path d="M150 200q25-20 50 0t50 0" stroke="#fff" stroke-width="6" fill="none" opacity=".6"/>`,
  pasta: (h, rand) => plate() + Array.from({ length: 16 }, () => {
    const x = 200 + (rand() - 0.5) * 150, y = 210 + (rand() - 0.5) * 150;
    return `<path d="M${r1(x - 40)} ${r1(y)}q20 ${r1(-30 + rand() * 60)} 40 0t40 0" stroke="${hsl(45, 80, 70)}" stroke-width="9" fill="none" stroke-linecap="round"/>`;
  }).join("") + bits(rand, 200, 210, 80, 10, [hsl(h, 70, 55), hsl(110, 50, 38)], [8, 12]),
  wrap: (h, rand) => plate() + `<rect x="95" y="150" width="210" height="120" rx="60" fill="${hsl(38, 65, 78)}" transform="rotate(-18 200 210)"/>` +
    `<ellipse cx="112" cy="240" rx="40" ry="56" fill="${hsl(h, 50, 55)}" transform="rotate(-18 112 240)"/>` + bits(rand, 110, 238, 30, 9, [hsl(110, 55, 40), hsl(5, 70, 55), "#fff"], [5, 8]),
  fries: (h, rand) => `<ellipse cx="200" cy="345" rx="110" ry="18" fill="#000" opacity=".15"/>` +
    Array.from({ length: 11 }, (_, i) => `<rect x="${128 + i * 14}" y="${90 + rand() * 40}" width="14" height="170" rx="5" fill="${hsl(44, 90, 55 + rand() * 10)}" transform="rotate(${r1(rand() * 16 - 8)} 200 250)"/>`).join("") +
    `<path d="M118 190h164l-22 150H140Z" fill="${hsl(h, 75, 45)}"/><path d="M150 220h100" stroke="#fff" stroke-width="8" opacity=".7"/>`,
};

/** A square product picture, 400×400 in its own coordinates, on a soft coloured background. */
export function illustration(kind: Kind, hue: number, seed: number): string {
  const rand = rng(seed);
  const bg = `<defs><radialGradient id="b" cx=".35" cy=".3" r=".9"><stop offset="0" stop-color="${hsl(hue + 25, 45, 94)}"/><stop offset="1" stop-color="${hsl(hue + 25, 35, 80)}"/></radialGradient></defs><rect width="400" height="400" fill="url(#b)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400">${bg}${DRAW[kind](hue, rand)}</svg>\n`;
}

/** A restaurant logo: initials on a coloured disc. */
export function logo(initials: string, primary: string, onPrimary: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200"><circle cx="100" cy="100" r="100" fill="${primary}"/><circle cx="100" cy="100" r="84" fill="none" stroke="${onPrimary}" stroke-width="4" opacity=".5"/><text x="100" y="122" font-family="Georgia, serif" font-size="64" font-weight="700" fill="${onPrimary}" text-anchor="middle">${initials}</text></svg>\n`;
}
