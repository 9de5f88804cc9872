// The embedded API's addition beside the contract: a diner's tax invoice (or credit note) of one of their
// orders, with the same token and ownership rule as `/order/show` (docs/decisions/0053). Amounts in major
// units like every price of the API; a Saudi seller's invoice carries ZATCA's phase-1 QR payload.
import type { Context } from "hono";
import { tokenOwner } from "./otp";
import { unauthenticated, ok } from "./respond";
import { branchOf } from "./queries";
import { orderRestaurant } from "../directory/order-restaurants";
import type { InvoiceRow } from "../restaurant/invoices";
import { restaurantCall } from "../restaurant/stub";
import { currencyDigits, majorUnits } from "../rules/money";
import { showsVat } from "../rules/tax-document";
import { zatcaQr } from "../rules/zatca";

type Ctx = Context<{ Bindings: Env }>;
const notFound = (c: Ctx) => c.json({ error: "Invoice not found" }, 404);

interface Names {
  name_en: string;
  name_ar: string;
}

/** The invoice as the diner's page shows it: the seller (its legal names, else the restaurant's), lines and totals. */
function invoiceJson(
  row: InvoiceRow,
  restaurant: Names & { country: string },
  branch: (Names & { address_en: string | null; address_ar: string | null }) | null,
) {
  const digits = currencyDigits(row.currency);
  const major = (minor: number) => majorUnits(minor, row.currency);
  const seller = {
    name_en: row.seller.legal_name_en || restaurant.name_en,
    name_ar: row.seller.legal_name_ar || row.seller.legal_name_en || restaurant.name_ar,
    trn: row.seller.trn || null,
    address_en: row.seller.address || branch?.address_en || null,
    address_ar: row.seller.address || branch?.address_ar || branch?.address_en || null,
  };
  const issuedAt = new Date(row.issued_at).toISOString().replace(/\.\d{3}Z$/, "Z");
  // The VAT-inclusive total of the supply (goods and service charge); the tip comes after it (docs/decisions/0060).
  const taxable = row.total_minor - row.tip_minor;
  // Saudi Arabia's simplified invoice (ZATCA phase 1): seller, VAT number, time, taxable total and its VAT as TLV in base64.
  const qr =
    restaurant.country.toUpperCase() === "SA" && seller.trn && showsVat({ trn: seller.trn, vatBp: row.vat_bp })
      ? zatcaQr({
          seller: seller.name_ar,
          vatNumber: seller.trn,
          timestamp: issuedAt,
          total: major(taxable).toFixed(digits),
          vat: major(row.vat_minor).toFixed(digits),
        })
      : null;
  return {
    number: row.number,
    kind: row.kind,
    /** The order's credit notes, oldest first: a partial refund's each, then a cancel's (`?kind=credit&number=`). */
    credit_notes: row.credit_notes,
    credits: row.credits,
    issued_at: issuedAt,
    currency: row.currency,
    vat_rate: row.vat_bp / 100,
    /** The amount paid, tip included. */
    total: major(row.total_minor),
    taxable: major(taxable),
    vat: major(row.vat_minor),
    service_charge: major(row.service_minor),
    tip: major(row.tip_minor),
    seller,
    branch: branch && { name_en: branch.name_en, name_ar: branch.name_ar },
    order: { id: row.order.id, num_order: row.order.num_order, table_id: row.order.table_id },
    lines: row.lines.map(({ name_en, name_ar, amount, unit_minor, options }) => ({
      name_en,
      name_ar,
      amount,
      options,
      unit: major(unit_minor),
      total: major(unit_minor * amount),
    })),
    // A Phase-2 document's QR (tags 1–9, signed: docs/decisions/0073) replaces phase 1's.
    zatca_qr: row.phase2?.qr ?? qr,
    zatca: row.phase2 && {
      kind: row.phase2.kind,
      uuid: row.phase2.uuid,
      counter: row.phase2.icv,
      buyer: row.phase2.buyer ? (JSON.parse(row.phase2.buyer) as { name: string; vatNumber?: string }) : null,
    },
  };
}

/**
 * GET /order/invoice/{order_id}[?kind=credit[&number=N]]: the token's own order's document (a credit note by its
 * number, else the cancel's or the latest), or 404 (none yet, not theirs, no such number).
 */
export async function orderInvoice(c: Ctx) {
  const owner = await tokenOwner(c);
  if (!owner) return unauthenticated(c);
  const id = Number(c.req.param("order_id"));
  const kind = c.req.query("kind") === "credit" ? "credit" : "invoice";
  const number = c.req.query("number") === undefined ? null : Number(c.req.query("number"));
  if (!Number.isSafeInteger(id) || id < 1) return notFound(c);
  if (number !== null && (!Number.isSafeInteger(number) || number < 1)) return notFound(c);
  const restaurant = await orderRestaurant(c.env.DB, owner.restaurant_id);
  if (!restaurant) return notFound(c);
  const mine = await restaurantCall(c.env, restaurant, "dinerOwnsOrder", { phone: owner.phone, orderId: owner.order_id }, id);
  const row = mine ? await restaurantCall(c.env, restaurant, "invoiceOf", id, kind, number) : null;
  if (!row) return notFound(c);
  const branch = await branchOf(c.env, restaurant, row.order.branch_id);
  return ok(c, invoiceJson(row, restaurant, branch));
}
