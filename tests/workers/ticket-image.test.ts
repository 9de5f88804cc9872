// The kitchen ticket image inside workerd (worker/printing/ticket-image.ts): a 1-bit PNG 576 dots wide,
// Arabic shaped (joined letters are narrower than the same letters apart) and on the right, long lines
// wrapped rather than cut, and a second render in the same isolate (resvg's wasm is initialised once).
import { describe, expect, it } from "vitest";
import { ticketPng, type TicketLine } from "../../worker/printing/ticket-image";
import { decodePng, type DecodedPng } from "../e2e/png-decode";

const TICKET: TicketLine[] = [
  { text: "Order 17", size: "large", bold: true, align: "center" },
  { text: "Table 4" },
  { rule: true },
  { text: "سلطة فتوش", bold: true },
  { text: "2 × Chicken shawarma" },
  { text: "2 × شاورما" },
  { text: "ملاحظة: بدون بصل" },
  { text: "Fish & chips <no salt> \u0007" }, // markup and a control character are text, not a failed parse
];

/** The leftmost and rightmost inked columns. */
function inkColumns(png: DecodedPng): { left: number; right: number } {
  let [left, right] = [png.width, -1];
  for (const y of png.inkRows()) {
    for (let x = 0; x < png.width; x++) {
      if (png.ink(x, y)) [left, right] = [Math.min(left, x), Math.max(right, x)];
    }
  }
  return { left, right };
}

describe("ticketPng", () => {
  it("renders English and Arabic lines to a 1-bit PNG 576 dots wide, with ink and margins", async () => {
    const bytes = await ticketPng(TICKET);
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(String.fromCharCode(...bytes.subarray(12, 16))).toBe("IHDR");
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    expect(view.getUint32(16)).toBe(576);
    expect([bytes[24], bytes[25]]).toEqual([1, 0]); // bit depth 1, greyscale
    const png = decodePng(bytes);
    expect(png.inkRows().length).toBeGreaterThan(100);
    const rows = png.inkRows();
    // Nothing touches the paper's edges: no line was cut off.
    expect(rows[0]).toBeGreaterThan(0);
    expect(rows.at(-1)).toBeLessThan(png.height - 1);
    const { left, right } = inkColumns(png);
    expect(left).toBeGreaterThan(0);
    expect(right).toBeLessThan(575);
    expect(bytes.length).toBeLessThan(8_000);
  });

  it("shapes Arabic: the joined word is narrower than its letters written apart, and sits on the right", async () => {
    const joined = inkColumns(decodePng(await ticketPng([{ text: "سلطة" }])));
    const apart = inkColumns(decodePng(await ticketPng([{ text: "س ل ط ة" }])));
    expect(apart.right - apart.left).toBeGreaterThan((joined.right - joined.left) * 1.3);
    // An RTL line starts at the right margin; an LTR one at the left.
    expect(joined.right).toBeGreaterThan(560);
    expect(joined.left).toBeGreaterThan(288);
    const latin = inkColumns(decodePng(await ticketPng([{ text: "Table 4" }])));
    expect(latin.left).toBeLessThan(16);
    expect(latin.right).toBeLessThan(288);
  });

  it("renders the same ticket the same way twice (one wasm initialisation), and at 58 mm", async () => {
    const [first, second] = [await ticketPng(TICKET), await ticketPng(TICKET)];
    expect(second).toEqual(first);
    const narrow = decodePng(await ticketPng(TICKET, { widthDots: 384 }));
    expect(narrow.width).toBe(384);
    expect(inkColumns(narrow).right).toBeLessThan(383);
  });

  it("wraps a line longer than the paper onto more rows instead of cutting it", async () => {
    const long = "ملاحظة طويلة جدا: بدون بصل وبدون طماطم وبدون مخلل والصوص على الجانب من فضلك مع خبز إضافي";
    const one = decodePng(await ticketPng([{ text: "ملاحظة" }]));
    const wrapped = decodePng(await ticketPng([{ text: long }]));
    expect(wrapped.height).toBeGreaterThanOrEqual(one.height + 2 * 40);
    const unbroken = decodePng(await ticketPng([{ text: "W".repeat(60) }]));
    expect(unbroken.height).toBeGreaterThan(one.height);
    for (const png of [wrapped, unbroken]) {
      const { left, right } = inkColumns(png);
      expect([left > 0, right < png.width - 1]).toEqual([true, true]);
    }
  });
});
