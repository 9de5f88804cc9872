// A local stand-in of Tap Payments' API (issue 38 point 7; docs/tap-stand-in.md): its paths, its Bearer
// auth, its answers and their shapes, for the demo (`npm start`: ../tap/api.ts calls it in-process) and
// the tests. Keys: any `sk_test_demo…` (the console connects with one); anything else is 401, as Tap
// refuses an unknown key. A charge starts INITIATED with its hosted page on the site itself
// (./page.ts, DEMO); refunds start PENDING and are REFUNDED when read again. State in KV (./state.ts).
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { minorOfTap, tapAmount, tapChargeable } from "../../rules/tap-amount";
import { randomId, sha256 } from "../../rules/secrets";
import { tapHashstring } from "../../rules/tap-hash";
import { idempotentId, readCharge, readRefund, rememberIdempotent, saveCharge, saveRefund, type StandInCharge, type StandInRefund } from "./state";

/** Where the stand-in answers (the client's base URL in the demo). */
export const STAND_IN_BASE = "https://tap-stand-in.invalid";

/** The keys the stand-in takes. */
const STAND_IN_KEY = /^sk_test_demo[A-Za-z0-9_]{0,60}$/;

/** Where a charge's hosted page is, on the site that asked (its redirect's origin). */
const HOSTED_PATH = "/api/tap-demo/";

type Ctx = Context<{ Bindings: Env; Variables: { key: string; owner: string } }>;

const fail = (c: Ctx, status: 400 | 401 | 404 | 409, code: string, description: string) => c.json({ errors: [{ code, description }] }, status);

const Url = v.pipe(v.string(), v.url(), v.maxLength(500));
const Amount = v.union([v.number(), v.pipe(v.string(), v.maxLength(20))]);
const Currency = v.pipe(v.string(), v.regex(/^[A-Z]{3}$/));
const ChargeBody = v.object({
  amount: Amount,
  currency: Currency,
  customer: v.object({ first_name: v.pipe(v.string(), v.minLength(1)) }),
  source: v.object({ id: v.pipe(v.string(), v.regex(/^src_[a-z._]+$/)) }),
  reference: v.optional(v.object({ transaction: v.optional(v.string(), ""), order: v.optional(v.string(), ""), idempotent: v.optional(v.string()) }), {}),
  metadata: v.optional(v.record(v.string(), v.string()), {}),
  redirect: v.object({ url: Url }),
  post: v.object({ url: Url }),
});
const RefundBody = v.object({
  charge_id: v.string(),
  amount: Amount,
  currency: Currency,
  reason: v.picklist(["duplicate", "fraudulent", "requested_by_customer"]),
  reference: v.optional(v.object({ merchant: v.optional(v.string()), idempotent: v.optional(v.string()) }), {}),
});

/** A charge as Tap answers it. */
const chargeJson = (ch: StandInCharge, origin?: string) => ({
  id: ch.id,
  object: "charge",
  live_mode: false,
  status: ch.status,
  amount: Number(tapAmount(ch.amount, ch.currency)),
  currency: ch.currency,
  transaction: { created: ch.created, url: origin ? `${origin}${HOSTED_PATH}${ch.id}?lang=${ch.lang}` : undefined, expiry: { period: 30, type: "MINUTE" } },
  reference: { ...ch.reference, gateway: ch.gateway, payment: ch.payment, track: "", acquirer: "" },
  response: { code: ch.status === "CAPTURED" ? "000" : ch.status === "INITIATED" ? "100" : "401", message: ch.status },
  source: { id: ch.source, payment_method: ch.method ?? undefined },
  merchant: { id: ch.merchant, country: ch.country },
  redirect: { url: ch.redirect },
  post: { url: ch.post },
});

/** Tap's notification of a final charge: its body and its hashstring under the key that made the charge. */
export async function signedNotification(charge: StandInCharge): Promise<{ body: string; hash: string }> {
  const { id, amount, currency, gateway, payment, status, created } = charge;
  return { body: JSON.stringify(chargeJson(charge)), hash: await tapHashstring(charge.key, { id, amount, currency, gateway, payment, status, created }) };
}

const refundJson = (r: StandInRefund) => ({
  id: r.id,
  object: "refund",
  status: r.status,
  amount: Number(tapAmount(r.amount, r.currency)),
  currency: r.currency,
  charge_id: r.charge_id,
  response: { code: r.status === "REFUNDED" ? "000" : "100", message: r.status === "REFUNDED" ? "Refunded" : "Pending" },
});

async function parsed<S extends v.GenericSchema>(c: Ctx, schema: S): Promise<v.InferOutput<S> | null> {
  const result = v.safeParse(schema, await c.req.json().catch(() => null));
  return result.success ? result.output : null;
}

export const tapStandIn = new Hono<{ Bindings: Env; Variables: { key: string; owner: string } }>()
  .use(async (c, next) => {
    const key = /^Bearer\s+(\S+)$/.exec(c.req.header("Authorization") ?? "")?.[1] ?? "";
    if (!STAND_IN_KEY.test(key)) return fail(c, 401, "2107", "Authentication failed: the secret key is not valid.");
    c.set("key", key);
    c.set("owner", (await sha256(`tap-stand-in:${key}`)).slice(0, 32));
    await next();
  })
  .post("/v2/charges/list", (c) => c.json({ object: "list", charges: [], has_more: false }))
  .post("/v2/charges", async (c) => {
    const body = await parsed(c, ChargeBody);
    if (!body) return fail(c, 400, "1108", "Invalid charge request.");
    const amount = minorOfTap(body.amount, body.currency);
    if (amount === null) return fail(c, 400, "1117", "Amount has more decimals than the currency allows.");
    if (!tapChargeable(amount, body.currency)) return fail(c, 400, "1118", "The minimum amount is 0.100.");
    const idem = body.reference.idempotent;
    const earlier = idem ? await idempotentId(c.env.HOSTS, c.get("owner"), "charge", idem) : null;
    const known = earlier ? await readCharge(c.env.HOSTS, earlier) : null;
    const origin = new URL(body.redirect.url).origin;
    if (known) return c.json(chargeJson(known, origin));
    const lang = body.metadata.lang === "ar" ? "ar" : "en";
    const charge: StandInCharge = {
      id: `chg_TS${randomId(18).replace(/[^A-Za-z0-9]/g, "")}`,
      status: "INITIATED",
      amount,
      sent: String(body.amount),
      currency: body.currency,
      created: String(Date.now()),
      source: body.source.id,
      method: null,
      gateway: "",
      payment: "",
      reference: { transaction: body.reference.transaction, order: body.reference.order },
      redirect: body.redirect.url,
      post: body.post.url,
      country: (body.metadata.country ?? "").toUpperCase(),
      lang,
      merchant: `merchant_${c.get("owner").slice(0, 8)}`,
      key: c.get("key"),
      refunded: 0,
    };
    await saveCharge(c.env.HOSTS, charge);
    if (idem) await rememberIdempotent(c.env.HOSTS, c.get("owner"), "charge", idem, charge.id);
    return c.json(chargeJson(charge, origin));
  })
  .get("/v2/charges/:id", async (c) => {
    const charge = await readCharge(c.env.HOSTS, c.req.param("id"));
    // Another merchant's charge is no charge of this key's.
    if (!charge || charge.key !== c.get("key")) return fail(c, 404, "1136", "Charge not found.");
    return c.json(chargeJson(charge, new URL(charge.redirect).origin));
  })
  .post("/v2/refunds", async (c) => {
    const body = await parsed(c, RefundBody);
    if (!body) return fail(c, 400, "1108", "Invalid refund request.");
    const idem = body.reference.idempotent;
    const earlier = idem ? await idempotentId(c.env.HOSTS, c.get("owner"), "refund", idem) : null;
    const known = earlier ? await readRefund(c.env.HOSTS, earlier) : null;
    if (known) return c.json(refundJson(known));
    const charge = await readCharge(c.env.HOSTS, body.charge_id);
    if (!charge || charge.key !== c.get("key")) return fail(c, 404, "1136", "Charge not found.");
    const amount = minorOfTap(body.amount, body.currency);
    if (charge.status !== "CAPTURED") return fail(c, 409, "503", "Refund not supported: the charge is not captured.");
    if (amount === null || amount <= 0 || body.currency !== charge.currency || charge.refunded + amount > charge.amount)
      return fail(c, 400, "1121", "The refund exceeds what is left of the charge.");
    const refund: StandInRefund = {
      id: `re_TS${randomId(18).replace(/[^A-Za-z0-9]/g, "")}`,
      status: "PENDING",
      amount,
      currency: charge.currency,
      charge_id: charge.id,
      key: c.get("key"),
    };
    await saveCharge(c.env.HOSTS, { ...charge, refunded: charge.refunded + amount });
    await saveRefund(c.env.HOSTS, refund);
    if (idem) await rememberIdempotent(c.env.HOSTS, c.get("owner"), "refund", idem, refund.id);
    return c.json(refundJson(refund));
  })
  .get("/v2/refunds/:id", async (c) => {
    const refund = await readRefund(c.env.HOSTS, c.req.param("id"));
    if (!refund || refund.key !== c.get("key")) return fail(c, 404, "1136", "Refund not found.");
    // Tap forwards a pending refund once the wallet's balance allows; here, by the time it is read again.
    const now = refund.status === "PENDING" ? { ...refund, status: "REFUNDED" } : refund;
    if (now !== refund) await saveRefund(c.env.HOSTS, now);
    return c.json(refundJson(now));
  });
