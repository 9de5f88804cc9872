// Fields of the ordering calls, parsed with valibot like the catalogue's.
import * as v from "valibot";
import { Domain, IdField } from "./input";
import { plainLines, plainText } from "../rules/plain-text";
import { isTableNumber } from "../rules/table-number";

/**
 * A number as the contract spells it (E.164's 10 to 15 digits) or as people write it ("6555 1234", "+971 50…",
 * "00…", Arabic digits): no count of digits here, each call reads it against the restaurant's country
 * (./diner.ts, docs/decisions/0059) and answers 422 `phoneInvalid` when it is no number there.
 */
const Phone = v.pipe(v.string("phoneInvalid"), v.trim(), v.minLength(1, "phoneInvalid"), v.maxLength(40, "phoneInvalid"));
const Name = v.pipe(v.string(), v.trim(), v.minLength(1, "required"), v.maxLength(100), plainText());
const Note = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500), plainLines()), "");
/** A product has a handful of options with one choice each; more choices on one line are refused. */
export const MAX_CHOICES_PER_LINE = 50;
export const MAX_LINES = 100;
/** A table any branch can have (1 to 9999); one above the branch's number of tables is refused by the call (./ordering.ts). */
const TableId = v.optional(
  v.pipe(
    IdField,
    v.check((table) => isTableNumber(table), "max"),
  ),
  1,
);
/**
 * The embedded API's addition: a pickup order's time, "asap" (now plus the branch's preparation time)
 * or unix ms; checked against the branch's hours (worker/rules/pickup.ts). Absent: not a pickup order.
 */
const PickupAt = v.optional(
  v.union(
    [v.literal("asap"), v.pipe(v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number))]), v.number(), v.integer(), v.minValue(0))],
    "asap or a time",
  ),
);
/**
 * The diner's language, for the code's text and the payment page's lines (an addition beside the
 * contract; the existing backend ignores it).
 */
const Lang = v.optional(v.picklist(["en", "ar"], "in"), "en");
export type DinerLanguage = v.InferOutput<typeof Lang>;

export const Item = v.object({
  product_id: IdField,
  amount: v.pipe(v.union([v.number(), v.pipe(v.string(), v.digits())]), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(999)),
  sub_option_id: v.optional(v.pipe(v.array(IdField), v.maxLength(MAX_CHOICES_PER_LINE)), []),
  note: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(500), plainLines())), ""),
  /** The embedded API's addition: the unit price the cart showed (major units); a changed price is then the line's problem. */
  unit_price: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1e9))),
});
/** `items` arrives as JSON text (multipart) or as an array. */
const Items = v.pipe(v.union([v.pipe(v.string(), v.parseJson()), v.array(v.unknown())]), v.array(Item), v.minLength(1), v.maxLength(MAX_LINES));

/** The embedded API's addition to both code calls: the cart, checked (the branch takes orders now, its lines) before a code is sent or spent. */
export const SendOtpBody = v.object({ domain: Domain, branch_id: IdField, name: Name, phone: Phone, lang: Lang, items: v.optional(Items) });
export const VerifyOtpBody = v.object({
  domain: Domain,
  branch_id: IdField,
  name: Name,
  phone: Phone,
  otp_code: v.pipe(v.string(), v.regex(/^\d{6}$/)),
  items: v.optional(Items),
});

export const StoreOrderBody = v.object({ domain: Domain, branch_id: IdField, items: Items, note: Note, table_id: TableId, pickup_at: PickupAt });
export const PaymentBody = v.object({
  domain: Domain,
  branch_id: IdField,
  items: Items,
  note: Note,
  table_id: TableId,
  pickup_at: PickupAt,
  nameCustomer: Name,
  phoneCustomer: Phone,
  success_url: v.pipe(v.string(), v.url()),
  cancel_url: v.pipe(v.string(), v.url()),
  lang: Lang,
  /** The embedded API's addition: a tip in major units, like prices (the restaurant must take tips). */
  tip: v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,7}(\.\d{1,3})?$/, "a tip is an amount"), v.transform(Number))]),
      v.number(),
      v.minValue(0, "a tip is not negative"),
      v.maxValue(1_000_000, "a tip is at most 1000000"),
    ),
    0,
  ),
});
export const GetOrderBody = v.object({
  domain: Domain,
  phoneCustomer: Phone,
  all: v.optional(v.union([v.literal(0), v.literal(1), v.picklist(["0", "1"])]), 0),
});
