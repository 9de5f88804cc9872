// The ticket PNG encoder (worker/printing/png.ts) read back by the stand-in printer's decoder (tests/e2e/png-decode.ts):
// same size, the same pixels inked, rows not a multiple of 8 wide included.
import { describe, expect, it } from "vitest";
import { png1Bit } from "../../worker/printing/png";
import { decodePng } from "../e2e/png-decode";

/** RGBA pixels from a rule saying which are black; the rest white, some of it transparent or light grey. */
function rgbaOf(width: number, height: number, black: (x: number, y: number) => boolean): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const grey = black(x, y) ? (x % 3) * 40 : 255 - (y % 4) * 30; // dark greys are ink, light ones are not
      rgba.set([grey, grey, grey, black(x, y) || x % 5 ? 255 : 0], (y * width + x) * 4);
    }
  }
  return rgba;
}

describe("png1Bit", () => {
  it("round-trips through the decoder pixel for pixel", async () => {
    const [width, height] = [37, 23];
    const black = (x: number, y: number) => (x * 7 + y * 3) % 5 === 0 || y === 0 || x === width - 1;
    const png = decodePng(await png1Bit(width, height, rgbaOf(width, height, black)));
    expect([png.width, png.height]).toEqual([width, height]);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) expect(png.ink(x, y), `(${x}, ${y})`).toBe(black(x, y));
  });

  it("makes a small file for a mostly white ticket, and lists the inked rows", async () => {
    const [width, height] = [576, 400];
    const bytes = await png1Bit(
      width,
      height,
      rgbaOf(width, height, (x, y) => y >= 100 && y < 104 && x > 8 && x < 560),
    );
    expect(bytes.length).toBeLessThan(500);
    expect(decodePng(bytes).inkRows()).toEqual([100, 101, 102, 103]);
  });

  it("refuses pixels that do not match the size", async () => {
    await expect(png1Bit(10, 10, new Uint8Array(10 * 10 * 3))).rejects.toThrow(/RGBA/);
  });
});
