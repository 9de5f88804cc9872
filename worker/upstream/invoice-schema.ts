// The embedded API's addition beside the contract's shapes (./schemas.ts): an order's tax invoice or credit
// note as worker/contract/invoice.ts answers it. Other backends have none (the diner's page is then a 404).
import * as v from "valibot";
import { id } from "./schemas";

/** The embedded API's addition: an order's tax invoice or credit note (worker/contract/invoice.ts), amounts in major units. */
const amount = v.pipe(v.number(), v.minValue(0));
const optionalText = v.nullable(v.string());
export const Invoice = v.object({
  number: id,
  kind: v.picklist(["invoice", "credit"]),
  credits: v.nullable(id),
  /** The order's credit notes' numbers, oldest first (bounded: an order has few refunds). */
  credit_notes: v.optional(v.pipe(v.array(id), v.maxLength(100)), []),
  issued_at: v.pipe(v.string(), v.isoTimestamp()),
  currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)),
  vat_rate: amount,
  /** The amount paid, tip included; `taxable` is the VAT-inclusive total of goods and service, without the tip. */
  total: amount,
  taxable: amount,
  vat: amount,
  service_charge: amount,
  tip: amount,
  seller: v.object({ name_en: v.string(), name_ar: v.string(), trn: optionalText, address_en: optionalText, address_ar: optionalText }),
  order: v.object({ id, num_order: v.number(), table_id: v.number() }),
  lines: v.array(
    v.object({
      name_en: v.string(),
      name_ar: v.string(),
      amount: v.number(),
      unit: amount,
      total: amount,
      options: v.array(v.object({ sub_name_en: v.string(), sub_name_ar: v.string() })),
    }),
  ),
  zatca_qr: v.nullable(v.pipe(v.string(), v.base64())),
  /** Its signed Phase-2 document (a Saudi branch onboarded to ZATCA): simplified, or standard (B2B) with its buyer. */
  zatca: v.optional(
    v.nullable(
      v.object({
        kind: v.picklist(["simplified", "standard"]),
        uuid: v.string(),
        counter: v.number(),
        buyer: v.nullable(v.object({ name: v.string(), vatNumber: v.optional(v.string()) })),
      }),
    ),
    null,
  ),
});
export type Invoice = v.InferOutput<typeof Invoice>;

/** The embedded API's answer to a B2B request: whether ZATCA cleared the standard invoice, and its messages. */
export const StandardInvoice = v.object({
  cleared: v.boolean(),
  messages: v.array(v.object({ code: v.string(), message: v.string() })),
});
