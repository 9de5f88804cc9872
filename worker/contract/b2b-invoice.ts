// The embedded API's addition beside the contract (docs/decisions/0073): a diner asks for a standard (B2B)
// tax invoice of their paid order at an onboarded Saudi branch, naming the company, its VAT number (15 digits,
// starting and ending with 3) and its national address. The object stamps it with the branch's next counter;
// ZATCA clears it (the clearance API, through the client) before it is shown. If ZATCA does not clear it,
// the diner keeps the simplified invoice and the owner is told (the console's home).
import type { Context } from "hono";
import * as v from "valibot";
import { readInput } from "./input";
import { tokenOwner } from "./otp";
import { ok, unauthenticated, unavailable } from "./respond";
import { cannotSend, sendDocument } from "../einvoices/report";
import { orderRestaurant } from "../directory/order-restaurants";
import { zatcaConnection } from "../providers/zatca";
import { restaurantCall, restaurantObject } from "../restaurant/stub";
import { egsSigner } from "../restaurant/zatca-egs";
import { plainText } from "../rules/plain-text";

const text = (max: number) => v.pipe(v.string("string"), v.trim(), v.minLength(1, "required"), v.maxLength(max, "max"), plainText("plain"));
export const B2bBody = v.object({
  company: text(200),
  vat_number: v.pipe(v.string("string"), v.trim(), v.regex(/^3\d{13}3$/, "vat_number")),
  street: text(100),
  building: v.pipe(v.string("string"), v.trim(), v.regex(/^\d{4}$/, "building")),
  district: text(100),
  city: text(100),
  postal_code: v.pipe(v.string("string"), v.trim(), v.regex(/^\d{5}$/, "postal_code")),
});

const REFUSED = {
  notPhase2: "This invoice is not a ZATCA Phase-2 invoice: its branch does not issue standard invoices.",
  notStandard: "This branch does not issue standard (B2B) invoices.",
  cancelled: "This order was cancelled.",
  already: "A standard invoice of this order is cleared or being cleared.",
} as const;

/** POST /order/invoice/{order_id}/standard: 200 `{cleared, messages}`; 404 not theirs, 409 not possible, 422 a bad field. */
export async function requestStandardInvoice(c: Context<{ Bindings: Env }>) {
  const owner = await tokenOwner(c);
  if (!owner) return unauthenticated(c);
  const id = Number(c.req.param("order_id"));
  if (!Number.isSafeInteger(id) || id < 1) return c.json({ error: "Invoice not found" }, 404);
  const input = await readInput(c, B2bBody);
  if (!input.ok) return input.response;
  const restaurant = await orderRestaurant(c.env.DB, owner.restaurant_id);
  if (!restaurant || !(await restaurantCall(c.env, restaurant, "dinerOwnsOrder", { phone: owner.phone, orderId: owner.order_id }, id)))
    return c.json({ error: "Invoice not found" }, 404);
  const connection = zatcaConnection(c.env);
  if (!connection) return unavailable(c, "unavailable", "This site does not reach ZATCA.");
  const b = input.value;
  const buyer = {
    name: b.company,
    vatNumber: b.vat_number,
    address: { street: b.street, building: b.building, district: b.district, city: b.city, postalCode: b.postal_code },
  };
  const asked = await restaurantCall(c.env, restaurant, "requestB2b", id, buyer, Date.now());
  if (!asked.ok) {
    if (asked.problem === "notFound") return c.json({ error: "Invoice not found" }, 404);
    return c.json({ errors: [], errorCode: asked.problem, message: REFUSED[asked.problem], data: [] }, 409);
  }
  const object = restaurantObject(c.env, restaurant);
  const attempt = await object.claimZatcaClearance(asked.id);
  const signer = await egsSigner(c.env, restaurant.id, asked.branchId);
  const outcome = attempt
    ? (cannotSend(connection, signer) ?? (await sendDocument(connection, signer!, attempt)))
    : { status: "error" as const, httpStatus: null, messages: [{ type: "ERROR", code: "not-signed", message: "The invoice could not be signed" }] };
  await object.recordZatcaClearance(restaurant.id, asked.id, attempt?.attempt ?? null, outcome);
  const cleared = outcome.status === "accepted" || outcome.status === "warnings";
  return ok(c, { cleared, messages: outcome.messages.map(({ code, message }) => ({ code, message })) });
}
