// The one home of "text → QR symbol → SVG path": table codes (./table-codes.ts) and the
// Saudi tax invoice's ZATCA code (app/routes/tenant/invoice) draw the same path of module rectangles.
import type { create as QrCreate } from "qrcode";
// The library's encoder alone (its main entry also loads the PNG and file writers, which need node:fs):
// the same create() as `QRCode.create`, typed by @types/qrcode.
// @ts-expect-error -- the package's types describe its entry points, not this file.
import { create as coreCreate } from "qrcode/lib/core/qrcode.js";

const createQr = coreCreate as typeof QrCreate;
/** The quiet zone around a code, in modules (the standard's minimum). */
const QUIET = 4;

export interface QrSymbol {
  /** The code's width and height in modules, quiet zone included (the SVG's viewBox). */
  size: number;
  /** SVG path data of the dark modules, one rectangle per horizontal run, in module units. */
  path: string;
}

/** The symbol of `text` (error correction M: readable with a smudge, still a small symbol). */
export function qrSymbol(text: string): QrSymbol {
  const { modules } = createQr(text, { errorCorrectionLevel: "M" });
  const n = modules.size;
  let path = "";
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n;) {
      if (!modules.get(y, x)) {
        x++;
        continue;
      }
      let run = 1;
      while (x + run < n && modules.get(y, x + run)) run++;
      path += `M${x + QUIET} ${y + QUIET}h${run}v1h-${run}z`;
      x += run;
    }
  }
  return { size: n + 2 * QUIET, path };
}
