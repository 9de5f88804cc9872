// The table codes' PDF built in the browser (docs/decisions/0033): the same pages as the server's PDF
// (app/lib/codes-pdf.ts codesPdf), plus what only a browser can draw, as PNGs: the logo in
// whatever format it is (SVG included) and the Arabic lines, shaped and set right to left by the
// browser's own text engine. Loaded only when the person asks for the PDF.
import { codesPdf, type SheetArt, type SheetPicture } from "~/lib/codes-pdf";
import { SCAN_TO_ORDER, type PerPage, type TableCode } from "../../../../worker/rules/table-codes";

const TEXT_PX = 96;

async function pictureOf(canvas: HTMLCanvasElement): Promise<SheetPicture> {
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
  if (!blob) throw new Error("the canvas gave no PNG");
  return { png: new Uint8Array(await blob.arrayBuffer()), width: canvas.width, height: canvas.height };
}

/** Arabic (or any) text as the browser sets it: joined letters, right to left. */
async function textPicture(text: string, weight: "bold" | "normal", color: string): Promise<SheetPicture> {
  const family = getComputedStyle(document.documentElement).fontFamily || "sans-serif";
  const font = `${weight} ${TEXT_PX}px ${family}`;
  await document.fonts?.load(font, text).catch(() => undefined);
  const canvas = document.createElement("canvas");
  const measure = canvas.getContext("2d")!;
  measure.font = font;
  canvas.width = Math.ceil(measure.measureText(text).width) + 8;
  canvas.height = Math.round(TEXT_PX * 1.5);
  const context = canvas.getContext("2d")!;
  context.font = font;
  context.direction = "rtl";
  context.textAlign = "right";
  context.textBaseline = "middle";
  context.fillStyle = color;
  context.fillText(text, canvas.width - 4, canvas.height / 2);
  return pictureOf(canvas);
}

/** The logo as a PNG (null when it cannot be loaded: the PDF goes without it). */
async function logoPicture(src: string): Promise<SheetPicture | null> {
  try {
    const image = new Image();
    image.src = src;
    await image.decode();
    const height = 240;
    const width = Math.max(1, Math.round((image.naturalWidth || height) * (height / (image.naturalHeight || height))));
    const canvas = document.createElement("canvas");
    canvas.width = Math.min(width, height * 6);
    canvas.height = height;
    canvas.getContext("2d")!.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await pictureOf(canvas);
  } catch {
    return null;
  }
}

export interface SheetPdfInput {
  codes: readonly TableCode[];
  per: PerPage;
  /** The English labels, as the server's PDF has them. */
  table: (table: number) => string;
  place: string;
  placeAr: string;
  logo: string | null;
}

/** The PDF's bytes, logo and Arabic included. */
async function sheetPdf(input: SheetPdfInput): Promise<Uint8Array<ArrayBuffer>> {
  const art: SheetArt = { scanAr: await textPicture(SCAN_TO_ORDER.ar, "bold", "#000") };
  if (input.placeAr.trim()) art.placeAr = await textPicture(input.placeAr, "normal", "#404040");
  const logo = input.logo ? await logoPicture(input.logo) : null;
  if (logo) art.logo = logo;
  return codesPdf(input.codes, input.per, { table: input.table, place: input.place }, art);
}

/** Builds the PDF and hands it to the browser as a download named `filename`. */
export async function downloadSheetPdf(input: SheetPdfInput, filename: string): Promise<void> {
  const bytes = await sheetPdf(input);
  const url = URL.createObjectURL(new Blob([bytes], { type: "application/pdf" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
