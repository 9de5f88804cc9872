// The restaurant as a seller (docs/decisions/0053), set by its owner on /console/tax:
// legal names, tax registration number, address, the VAT rate (the country's unless set), a service
// charge and whether it takes tips; a Saudi seller's CRN and national address for its Phase-2 documents. One row in its object (../restaurant/seller-rows.ts); every amount the diner pays is priced with
// it (worker/restaurant/pricing.ts) and every invoice keeps a copy of it as it was when issued.
import * as v from "valibot";
import { restaurantCall, type RestaurantRef } from "../restaurant/stub";
import { defaultVatBp } from "../rules/vat";

/** Why a field is refused (the screen says it beside the field). */
export type SellerProblem = "tooLong" | "trn" | "rate" | "tips" | "crn" | "building" | "postal";

/** A percentage as typed ("5", "15", "12.5"), in basis points; empty is null. */
const Percent = (max: number) =>
  v.pipe(
    v.string("rate"),
    v.trim(),
    v.check((s) => s === "" || (/^\d{1,2}(\.\d{1,2})?$/.test(s) && Number(s) <= max), "rate"),
    v.transform((s) => (s === "" ? null : Math.round(Number(s) * 100))),
  );
const Text = (max: number) =>
  v.pipe(
    v.string("tooLong"),
    v.trim(),
    v.maxLength(max, "tooLong"),
    v.transform((s) => s || null),
  );
/** The Gulf's VAT numbers are 15 digits (Saudi ones begin and end with 3); elsewhere letters and digits. */
const Trn = (country: string) =>
  v.pipe(
    v.string("trn"),
    v.trim(),
    v.transform((s) => s.replace(/[\s-]/g, "")),
    v.check((s) => s === "" || (["AE", "BH", "OM"].includes(country) ? /^\d{15}$/ : country === "SA" ? /^3\d{13}3$/ : /^[A-Z0-9]{5,20}$/i).test(s), "trn"),
    v.transform((s) => s || null),
  );
/** Tip presets as typed ("10, 15, 20"): up to four whole percentages of 1–50, or empty (no tips). */
const Tips = v.pipe(
  v.string("tips"),
  v.trim(),
  v.check((s) => s === "" || (/^\d{1,2}(\s*[,،]\s*\d{1,2}){0,3}$/.test(s) && s.split(/[,،]/).every((p) => Number(p) >= 1 && Number(p) <= 50)), "tips"),
  v.transform((s) => (s === "" ? null : [...new Set(s.split(/[,،]/).map((p) => Number(p) * 100))].sort((a, b) => a - b))),
);

/** A field a Saudi seller fills for its Phase-2 documents (absent elsewhere): empty, or `pattern`. */
const Shaped = (pattern: RegExp, problem: SellerProblem) =>
  v.optional(
    v.pipe(
      v.string(problem),
      v.trim(),
      v.check((s) => s === "" || pattern.test(s), problem),
      v.transform((s) => s || null),
    ),
    "",
  );
const Part = v.optional(Text(100), "");

export const SellerForm = (country: string) =>
  v.object({
    legal_name_en: Text(120),
    legal_name_ar: Text(120),
    trn: Trn(country.toUpperCase()),
    address: Text(300),
    vat_rate: Percent(30),
    service_rate: Percent(25),
    tips: Tips,
    // Saudi Arabia's e-invoices name the seller's CRN and national address (docs/decisions/0073).
    crn: Shaped(/^\d{10}$/, "crn"),
    street: Part,
    building: Shaped(/^\d{4}$/, "building"),
    district: Part,
    city: Part,
    postal_code: Shaped(/^\d{5}$/, "postal"),
  });
export type SellerInput = v.InferOutput<ReturnType<typeof SellerForm>>;

export interface SellerSettings extends SellerInput {
  /** The country's rate, used while `vat_rate` is null (basis points). */
  default_vat: number;
}

/** The seller's row as the form shows it (nothing stored: the country's VAT, no charge, no tips). */
export async function sellerOf(env: Env, tenant: RestaurantRef, country: string): Promise<SellerSettings> {
  const row = await restaurantCall(env, tenant, "sellerRow");
  return {
    legal_name_en: row?.legal_name_en ?? null,
    legal_name_ar: row?.legal_name_ar ?? null,
    trn: row?.trn ?? null,
    address: row?.address ?? null,
    vat_rate: row?.vat_bp ?? null,
    service_rate: row?.service_bp || null,
    tips: row?.tips ? (JSON.parse(row.tips) as number[]) : null,
    crn: row?.crn ?? null,
    ...nationalAddressOf(row?.national_address ?? null),
    default_vat: defaultVatBp(country),
  };
}

const ADDRESS_PARTS = ["street", "building", "district", "city", "postal_code"] as const;
type AddressParts = Record<(typeof ADDRESS_PARTS)[number], string | null>;

/** The stored national address (JSON) as the form's fields. */
const nationalAddressOf = (json: string | null): AddressParts => {
  const stored = json ? (JSON.parse(json) as Partial<AddressParts>) : {};
  return Object.fromEntries(ADDRESS_PARTS.map((p) => [p, stored[p] ?? null])) as AddressParts;
};

/** Saves the whole row (one upsert: concurrent saves leave one of them, never a mix). */
export async function saveSeller(env: Env, tenant: RestaurantRef, s: SellerInput): Promise<void> {
  await restaurantCall(env, tenant, "saveSellerRow", {
    legal_name_en: s.legal_name_en,
    legal_name_ar: s.legal_name_ar,
    trn: s.trn,
    address: s.address,
    vat_bp: s.vat_rate,
    service_bp: s.service_rate ?? 0,
    tips: s.tips ? JSON.stringify(s.tips) : null,
    crn: s.crn,
    national_address: ADDRESS_PARTS.some((p) => s[p]) ? JSON.stringify(Object.fromEntries(ADDRESS_PARTS.map((p) => [p, s[p]]))) : null,
  });
}
