// Tap Payments' API (developers.tap.company; docs/decisions/0076): create and retrieve a charge, create
// and retrieve a refund, and one authenticated call that tells whether a secret key is accepted, over a
// fetch-shaped transport (fetch to api.tap.company, or the stand-in's app in-process: ../tap-stand-in),
// with `Authorization: Bearer <the restaurant's sk>`. Each answer is parsed with valibot, keeping only the
// fields used; nothing here throws on Tap's answer, logs, or puts the key into a message.
import * as v from "valibot";

/** A fetch-shaped function: `fetch`, or the stand-in's app. */
export type TapTransport = (request: Request) => Promise<Response>;

export const CHARGE_ID = /^chg_[A-Za-z0-9_]{4,100}$/;
export const REFUND_ID = /^re_[A-Za-z0-9_]{4,100}$/;

const Text = (max = 200) => v.pipe(v.string(), v.maxLength(max));
/** Tap sends some ids and times as numbers, some as texts: kept as texts (the hashstring takes them as sent). */
const Scalar = v.fallback(
  v.optional(
    v.pipe(
      v.nullable(v.union([v.string(), v.number()])),
      v.transform((x) => (x === null ? "" : String(x))),
    ),
    "",
  ),
  "",
);

const NO_REFERENCE = { gateway: "", payment: "", transaction: "", order: "" };

/** A charge as Tap answers it, and as its notification's body carries it. */
export const Charge = v.object({
  id: v.pipe(v.string(), v.regex(CHARGE_ID)),
  status: v.pipe(v.string(), v.regex(/^[A-Z_]{2,30}$/)),
  amount: v.pipe(v.number(), v.minValue(0)),
  currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)),
  reference: v.fallback(v.optional(v.object({ gateway: Scalar, payment: Scalar, transaction: Scalar, order: Scalar }), NO_REFERENCE), NO_REFERENCE),
  transaction: v.fallback(v.optional(v.object({ url: v.optional(v.pipe(v.string(), v.url())), created: Scalar }), { created: "" }), { created: "" }),
  source: v.fallback(v.optional(v.object({ id: v.optional(Text(100)), payment_method: v.optional(Text(100)) }), {}), {}),
  response: v.fallback(v.optional(v.object({ code: Scalar, message: v.optional(Text(300)) })), undefined),
});
export type TapCharge = v.InferOutput<typeof Charge>;

const Refund = v.object({
  id: v.pipe(v.string(), v.regex(REFUND_ID)),
  status: v.pipe(v.string(), v.regex(/^[A-Z_]{2,30}$/)),
  amount: v.pipe(v.number(), v.minValue(0)),
  currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)),
  charge_id: v.pipe(v.string(), v.regex(CHARGE_ID)),
  response: v.fallback(v.optional(v.object({ code: Scalar, message: v.optional(Text(300)) })), undefined),
});

const Errors = v.object({ errors: v.array(v.object({ code: Scalar, description: v.optional(Text(300)) })) });

/** Tap's answer: the object, or why not (Tap's HTTP status, 0 with no answer, and its first error's words). */
export type TapResult<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

/** What a charge is asked for (amount: Tap's decimal text, ../../rules/tap-amount.ts). */
export interface NewCharge {
  amount: string;
  currency: string;
  description: string;
  customer: { first_name: string; phone?: { country_code: string; number: string } };
  source: { id: string };
  reference: { transaction: string; order: string; idempotent: string };
  metadata: Record<string, string>;
  redirect: { url: string };
  post: { url: string };
  transaction: { expiry: { period: number; type: "MINUTE" } };
}

export interface NewRefund {
  charge_id: string;
  amount: string;
  currency: string;
  reason: "requested_by_customer";
  reference: { merchant: string; idempotent: string };
  metadata: Record<string, string>;
  post?: { url: string };
}

/** How long a call to Tap may take before it counts as no answer. */
const TIMEOUT_MS = 15_000;

/** The API for one secret key over a transport at a base URL (Tap's, or the stand-in's). */
export function tapApi(base: string, secretKey: string, transport: TapTransport) {
  async function call<S extends v.GenericSchema>(method: "GET" | "POST", path: string, schema: S, body?: unknown): Promise<TapResult<v.InferOutput<S>>> {
    const request = new Request(`${base}${path}`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: { Authorization: `Bearer ${secretKey}`, "Content-Type": "application/json", Accept: "application/json" },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    let response: Response;
    try {
      response = await transport(request);
    } catch {
      return { ok: false, status: 0, message: "Tap did not answer." };
    }
    const json: unknown = await response.json().catch(() => null);
    if (response.ok) {
      const parsed = v.safeParse(schema, json);
      return parsed.success ? { ok: true, value: parsed.output } : { ok: false, status: 502, message: "Tap's answer was not understood." };
    }
    const errors = v.safeParse(Errors, json);
    const first = errors.success ? errors.output.errors[0] : undefined;
    const message = first ? `${first.description ?? "Refused"}${first.code ? ` (${first.code})` : ""}` : `Tap answered ${response.status}.`;
    return { ok: false, status: response.status, message: message.slice(0, 300) };
  }
  const id = (value: string, pattern: RegExp) => (pattern.test(value) ? encodeURIComponent(value) : null);
  const badId = { ok: false, status: 400, message: "Not a Tap id." } as const;
  return {
    createCharge: (charge: NewCharge) => call("POST", "/v2/charges", Charge, charge),
    retrieveCharge: async (chargeId: string) => {
      const safe = id(chargeId, CHARGE_ID);
      return safe ? call("GET", `/v2/charges/${safe}`, Charge) : badId;
    },
    createRefund: (refund: NewRefund) => call("POST", "/v2/refunds", Refund, refund),
    retrieveRefund: async (refundId: string) => {
      const safe = id(refundId, REFUND_ID);
      return safe ? call("GET", `/v2/refunds/${safe}`, Refund) : badId;
    },
    /** One authenticated call (list one charge): ok when Tap takes the key. */
    checkKey: () => call("POST", "/v2/charges/list", v.object({}), { limit: 1 }),
  };
}

export type TapApi = ReturnType<typeof tapApi>;
