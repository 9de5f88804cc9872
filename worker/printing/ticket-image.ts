// A kitchen ticket as a 1-bit PNG made inside the Worker: resvg shapes Arabic (joining, RTL, mixed lines) that printer fonts cannot.
import { initWasm, Resvg, type ResvgRenderOptions } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
// Cairo (SIL OFL 1.1, fonts/OFL.txt): Latin, Arabic and both kinds of digits. Named .bin so that the
// build embeds them as Data modules (a .ttf import becomes a URL string).
import cairoBold from "./fonts/cairo-700.bin";
import cairoRegular from "./fonts/cairo-400.bin";
import { png1Bit } from "./png.ts";

interface TicketText {
  text: string;
  size?: "normal" | "large";
  /** Logical: "start" is the right side of an RTL line. */
  align?: "start" | "center" | "end";
  bold?: boolean;
  /** Unset: from the first letter (Arabic or Hebrew: rtl). */
  dir?: "ltr" | "rtl";
}
/** A text line, or a horizontal rule across the ticket (a divider). */
export type TicketLine = TicketText | { rule: true };

const SIZES = { normal: 28, large: 44 } as const;
const LINE_HEIGHT = 1.45; // times the font size; Cairo's own (1.87) wastes paper
const MARGIN_X = 8;
const MARGIN_Y = 12;
const RULE = { height: 18, thickness: 3 };
const SPACE = 0.22; // Cairo's space advance, in em: each leading space indents the line by one

let ready: Promise<void> | undefined;
/** initWasm throws when called twice: one promise per isolate (reset if it failed, to try again). */
function wasmReady(): Promise<void> {
  ready ??= initWasm(resvgWasm).catch((error: unknown) => {
    ready = undefined;
    throw error;
  });
  return ready;
}

const fontOptions = (): ResvgRenderOptions => ({
  font: { fontBuffers: [new Uint8Array(cairoRegular), new Uint8Array(cairoBold)], defaultFontFamily: "Cairo", sansSerifFamily: "Cairo" },
  background: "white",
  // No anti-aliasing: the ticket is thresholded to 1 bit anyway, and rendering is ~3× faster.
  shapeRendering: 0,
  textRendering: 0,
});

/** Control characters XML refuses (the parse would fail): dropped from the text. */
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const escapeXml = (text: string) => text.replace(NOT_XML, "").replace(/[&<>"]/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot" }[c]};`);

function directionOf(line: TicketText): "ltr" | "rtl" {
  if (line.dir) return line.dir;
  const letter = /\p{L}/u.exec(line.text)?.[0];
  return letter && /[\p{Script=Arabic}\p{Script=Hebrew}]/u.test(letter) ? "rtl" : "ltr";
}

function textElement(line: TicketText, text: string, x: number, y: number, anchor: string): string {
  return `<text x="${x}" y="${y}" font-family="Cairo" font-size="${SIZES[line.size ?? "normal"]}" font-weight="${line.bold ? 700 : 400}" direction="${directionOf(line)}" text-anchor="${anchor}">${escapeXml(text)}</text>`;
}

/** The inked width of one line of text, as resvg lays it out (usvg turns text into paths when parsing). */
function inkWidth(line: TicketText, text: string): number {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="8192" height="200">${textElement(line, text, 4096, 100, "middle")}</svg>`;
  const resvg = new Resvg(svg, fontOptions());
  const box = resvg.innerBBox();
  const width = box?.width ?? 0;
  box?.free();
  resvg.free();
  return width;
}

/** Greedy word wrap by measured width; a word wider than the ticket is broken between characters. */
function wrap(line: TicketText, available: number): string[] {
  const fits = (text: string) => inkWidth(line, text) <= available;
  const text = line.text.trim().replace(/\s+/g, " ");
  if (fits(text)) return [text];
  const rows: string[] = [];
  let current = "";
  for (const word of text.split(" ")) {
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) current = candidate;
    else if (current && fits(word)) {
      rows.push(current);
      current = word;
    } else {
      if (current) rows.push(current);
      current = "";
      for (const char of Array.from(word)) {
        if (current && !fits(current + char)) {
          rows.push(current);
          current = "";
        }
        current += char;
      }
    }
  }
  if (current) rows.push(current);
  return rows;
}

/** Where a line's rows go: its logical alignment mirrored for RTL, moved in by its leading spaces (an indent). */
function placement(line: TicketText, width: number): { x: number; anchor: string; available: number } {
  const align = line.align ?? "start";
  const full = width - 2 * MARGIN_X - 2; // 2 dots to spare for glyphs that overhang their advance
  if (align === "center") return { x: width / 2, anchor: "middle", available: full };
  const indent = Math.round((/^\s*/.exec(line.text)?.[0].length ?? 0) * SIZES[line.size ?? "normal"] * SPACE);
  const right = (align === "end") !== (directionOf(line) === "rtl");
  // resvg applies text-anchor to the laid-out run physically ("end" is its right edge) whatever the direction.
  return { x: right ? width - MARGIN_X - indent : MARGIN_X + indent, anchor: right ? "end" : "start", available: full - indent };
}

function ticketSvg(lines: TicketLine[], width: number): { svg: string; height: number } {
  const parts: string[] = [];
  let y = MARGIN_Y;
  for (const line of lines) {
    if ("rule" in line) {
      parts.push(`<rect x="${MARGIN_X}" y="${y + (RULE.height - RULE.thickness) / 2}" width="${width - 2 * MARGIN_X}" height="${RULE.thickness}"/>`);
      y += RULE.height;
      continue;
    }
    const size = SIZES[line.size ?? "normal"];
    const { x, anchor, available } = placement(line, width);
    for (const row of line.text.trim() ? wrap(line, available) : [""]) {
      // Baseline at 1.05 em below the row's top: room for Arabic marks above, descenders below.
      if (row) parts.push(textElement(line, row, x, Math.round(y + size * 1.05), anchor));
      y += Math.round(size * LINE_HEIGHT);
    }
  }
  const height = Math.ceil(y + MARGIN_Y);
  return { svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${parts.join("")}</svg>`, height };
}

/** The ticket as a 1-bit PNG `widthDots` wide (576: 80 mm paper, 384: 58 mm), black ink on white. */
export async function ticketPng(lines: TicketLine[], options: { widthDots?: number } = {}): Promise<Uint8Array> {
  await wasmReady();
  const width = options.widthDots ?? 576;
  if (!Number.isInteger(width) || width < 96 || width > 2048) throw new Error(`ticketPng: widthDots ${width}`);
  const { svg, height } = ticketSvg(lines, width);
  const resvg = new Resvg(svg, fontOptions());
  try {
    const image = resvg.render();
    const [rgba, w, h] = [image.pixels, image.width, image.height]; // pixels: a copy out of wasm memory
    image.free();
    if (w !== width || h !== height) throw new Error(`ticketPng: rendered ${w}×${h}, expected ${width}×${height}`);
    return await png1Bit(w, h, rgba);
  } finally {
    resvg.free(); // wasm memory is not collected: every Resvg and image is freed by hand
  }
}
