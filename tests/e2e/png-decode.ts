// Reads the printer job PNGs the worker makes (1-bit or 8-bit greyscale), so a stand-in printer in a test can look at the ink.
import { inflateSync } from "node:zlib";

export interface DecodedPng {
  width: number;
  height: number;
  /** Whether the pixel is darker than mid-grey (black ink on a ticket). */
  ink(x: number, y: number): boolean;
  /** The rows (y) that have any ink, top to bottom. */
  inkRows(): number[];
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Undoes the per-scanline filters (bytes per pixel is 1 for both depths read here). */
function unfilter(data: Uint8Array, stride: number, height: number): Uint8Array {
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = data[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const raw = data[y * (stride + 1) + 1 + x];
      const a = x > 0 ? out[y * stride + x - 1] : 0;
      const b = y > 0 ? out[(y - 1) * stride + x] : 0;
      const c = x > 0 && y > 0 ? out[(y - 1) * stride + x - 1] : 0;
      const predicted = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter];
      if (predicted === undefined) throw new Error(`PNG: unknown filter ${filter} on row ${y}`);
      out[y * stride + x] = (raw + predicted) & 0xff;
    }
  }
  return out;
}

export function decodePng(bytes: Uint8Array): DecodedPng {
  if (!SIGNATURE.every((b, i) => bytes[i] === b)) throw new Error("not a PNG");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let width = 0;
  let height = 0;
  let depth = 0;
  const idat: Uint8Array[] = [];
  for (let at = 8; at < bytes.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (type === "IHDR") {
      [width, height, depth] = [view.getUint32(at + 8), view.getUint32(at + 12), data[8]];
      const [colour, interlace] = [data[9], data[12]];
      if (colour !== 0 || (depth !== 1 && depth !== 8) || interlace !== 0)
        throw new Error(`PNG: reads greyscale 1- or 8-bit, not colour type ${colour} depth ${depth}`);
    } else if (type === "IDAT") idat.push(data);
    else if (type === "IEND") break;
    at += 12 + length;
  }
  const stride = Math.ceil((width * depth) / 8);
  const compressed = new Uint8Array(idat.reduce((n, d) => n + d.length, 0));
  idat.reduce((at, d) => (compressed.set(d, at), at + d.length), 0);
  const pixels = unfilter(new Uint8Array(inflateSync(compressed)), stride, height);
  const ink = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= width || y >= height) throw new Error(`PNG: (${x}, ${y}) outside ${width}×${height}`);
    if (depth === 1) return (pixels[y * stride + (x >> 3)] & (0x80 >> (x & 7))) === 0;
    return pixels[y * stride + x] < 128;
  };
  const inkRows = () => {
    const rows: number[] = [];
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (ink(x, y)) {
          rows.push(y);
          break;
        }
      }
    }
    return rows;
  };
  return { width, height, ink, inkRows };
}
