// The month's export as one ZIP (issue 37, docs/decisions/0073): the accountant's CSV and each Phase-2
// document of the month as its signed XML under zatca/, named as its single download is. Streamed: the
// XML is read from the restaurant's object a page at a time, so the month is never held whole.
import { restaurantCall } from "../restaurant/stub";
import { zipStream, type ZipEntry } from "../rules/zip";
import { MONTH_CAP, monthBounds } from "./invoice-list";
import type { ConsoleTenant } from "./reads";

const PAGE = 50;
/** Each listed document has at most three Phase-2 documents (its own, a B2B invoice, the credit note voiding it). */
const MAX_XML = 3 * MONTH_CAP;

/** A signed document's file name: its series, number and suffix (-V voiding, -standard), and the restaurant. */
export function phase2FileName(doc: { kind: "invoice" | "credit"; number: number; subtype: string; purpose: string }, domain: string): string {
  const series = doc.kind === "credit" || doc.purpose === "void" ? "credit-note" : "invoice";
  return `${series}-${doc.number}${doc.purpose === "void" ? "-V" : ""}${doc.subtype === "standard" ? "-standard" : ""}-${domain}.xml`;
}

/** The ZIP: the CSV (`csv`, named `csvName`), then every signed document of the month's invoices in stamping order. */
export function monthZip(env: Env, tenant: ConsoleTenant, month: string, timeZone: string, csv: { name: string; text: string }): ReadableStream<Uint8Array> {
  const { from, to } = monthBounds(month, timeZone);
  async function* entries(): AsyncGenerator<ZipEntry> {
    yield { name: csv.name, data: csv.text };
    let after = 0;
    for (let taken = 0; taken < MAX_XML;) {
      const page = await restaurantCall(env, tenant, "phase2XmlsBetween", from, to, after, Math.min(PAGE, MAX_XML - taken));
      for (const doc of page) yield { name: `zatca/${phase2FileName(doc, tenant.domain)}`, data: doc.xml };
      if (page.length < PAGE) return;
      after = page.at(-1)!.id;
      taken += page.length;
    }
  }
  return zipStream(entries());
}
