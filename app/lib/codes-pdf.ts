// The table codes' PDF (worker/rules/table-codes.ts builds the codes): A4 pages of QR codes drawn as the
// same path of module rectangles as the HTML sheet. The resource route draws it on the server, and the
// sheet's "Download PDF" in the browser with its pictures (app/components/console/codes/sheet-pdf.ts).
import { fill, PDFDocument, popGraphicsState, pushGraphicsState, rectangle, rgb, setFillingGrayscaleColor, StandardFonts, type PDFFont } from "pdf-lib";
import { LAYOUTS, pagesOf, SCAN_TO_ORDER, type PerPage, type TableCode } from "../../worker/rules/table-codes";

/** One run of a code's path (TableCode.path): its x, y and length in modules. */
const RUN = /M(\d+) (\d+)h(\d+)v1h-\d+z/g;

// A4 in PDF points, and the sheet's margin (10 mm), the same as the HTML sheet's @page.
const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 28.35;

/** Text the standard font can draw: anything outside its Latin set is left out (Arabic names use the English one). */
function drawable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text]
    .filter((c) => known.has(c.codePointAt(0)!))
    .join("")
    .trim();
}

export interface SheetLabels {
  /** "Table 7" for a table number, in Latin script (the standard PDF fonts have no Arabic). */
  table: (table: number) => string;
  /** The restaurant and branch, under the table's label. */
  place: string;
}

/** A PNG picture to draw (its pixel size gives its shape). */
export interface SheetPicture {
  png: Uint8Array;
  width: number;
  height: number;
}

/**
 * What only a browser can draw for the PDF (docs/decisions/0033): the logo (any format it shows, SVG
 * too) and the Arabic lines, shaped and ordered right to left by the browser's text engine, as PNGs.
 */
export interface SheetArt {
  logo?: SheetPicture;
  /** "امسح للطلب", beside "Scan to order". */
  scanAr?: SheetPicture;
  /** The restaurant and branch in Arabic, under the English ones. */
  placeAr?: SheetPicture;
}

/**
 * The PDF: A4 pages of `per` codes, each with the logo (when given), its table's label, "Scan to order"
 * (and its Arabic picture, when given) and the place's name (and its Arabic picture).
 */
export async function codesPdf(codes: readonly TableCode[], per: PerPage, labels: SheetLabels, art: SheetArt = {}): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const picture = async (p: SheetPicture | undefined) => (p ? { image: await pdf.embedPng(p.png), ratio: p.width / p.height } : null);
  const [logo, scanAr, placeAr] = [await picture(art.logo), await picture(art.scanAr), await picture(art.placeAr)];
  const place = drawable(regular, labels.place);
  pdf.setTitle(place ? `Table QR codes · ${place}` : "Table QR codes");
  const [columns, rows] = LAYOUTS[per];
  const cellWidth = (A4.width - 2 * MARGIN) / columns;
  const cellHeight = (A4.height - 2 * MARGIN) / rows;
  // Room under each code for the title, "Scan to order" and the place (and the Arabic place), and above
  // it for the logo, in proportion to the cell.
  const titleSize = Math.min(28, cellWidth / 9);
  const placeSize = titleSize * 0.5;
  const scanSize = titleSize * 0.6;
  const logoHeight = logo ? titleSize * 1.6 : 0;
  const textRoom = titleSize + scanSize + placeSize + (placeAr ? placeSize * 1.4 + 4 : 0) + 24 + (logo ? logoHeight + 6 : 0);
  const side = Math.min(cellWidth - 12, cellHeight - textRoom - 12);
  const scan = SCAN_TO_ORDER.en;
  for (const page of pagesOf(codes, per)) {
    const sheet = pdf.addPage([A4.width, A4.height]);
    page.forEach((code, i) => {
      const left = MARGIN + (i % columns) * cellWidth;
      const top = A4.height - MARGIN - Math.floor(i / columns) * cellHeight;
      const x = left + (cellWidth - side) / 2;
      if (logo) {
        const width = Math.min(cellWidth - 12, logoHeight * logo.ratio);
        const height = width / logo.ratio;
        sheet.drawImage(logo.image, { x: left + (cellWidth - width) / 2, y: top - 6 - height, width, height });
      }
      const y = top - 6 - (logo ? logoHeight + 6 : 0);
      // The same rectangles as the SVG's path, y flipped (PDF's y grows upwards), filled black at once.
      const unit = side / code.size;
      const rects = [...code.path.matchAll(RUN)].map(([, rx, ry, run]) =>
        rectangle(x + Number(rx) * unit, y - (Number(ry) + 1) * unit, Number(run) * unit, unit),
      );
      sheet.pushOperators(pushGraphicsState(), setFillingGrayscaleColor(0), ...rects, fill(), popGraphicsState());
      const title = labels.table(code.table);
      const titleY = y - side - titleSize;
      sheet.drawText(title, { x: left + (cellWidth - bold.widthOfTextAtSize(title, titleSize)) / 2, y: titleY, size: titleSize, font: bold });
      // "Scan to order", then " / " and the Arabic picture at the same height when there is one.
      const scanY = titleY - scanSize - 6;
      const scanText = scanAr ? `${scan} / ` : scan;
      const arWidth = scanAr ? scanSize * 1.25 * scanAr.ratio : 0;
      const scanWidth = bold.widthOfTextAtSize(scanText, scanSize) + arWidth;
      sheet.drawText(scanText, { x: left + (cellWidth - scanWidth) / 2, y: scanY, size: scanSize, font: bold });
      if (scanAr)
        sheet.drawImage(scanAr.image, { x: left + (cellWidth + scanWidth) / 2 - arWidth, y: scanY - scanSize * 0.3, width: arWidth, height: scanSize * 1.25 });
      const placeY = scanY - placeSize - 6;
      if (place) {
        const fitted = fit(regular, place, placeSize, cellWidth - 8);
        sheet.drawText(fitted, {
          x: left + (cellWidth - regular.widthOfTextAtSize(fitted, placeSize)) / 2,
          y: placeY,
          size: placeSize,
          font: regular,
          color: rgb(0.25, 0.25, 0.25),
        });
      }
      if (placeAr) {
        const height = placeSize * 1.4;
        const width = Math.min(cellWidth - 8, height * placeAr.ratio);
        sheet.drawImage(placeAr.image, { x: left + (cellWidth - width) / 2, y: placeY - 4 - width / placeAr.ratio, width, height: width / placeAr.ratio });
      }
    });
  }
  // pdf-lib builds its bytes on a plain ArrayBuffer (never a shared one).
  return (await pdf.save()) as Uint8Array<ArrayBuffer>;
}

/** The text cut with an ellipsis to fit `width`. */
function fit(font: PDFFont, text: string, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}...`, size) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}...`;
}
