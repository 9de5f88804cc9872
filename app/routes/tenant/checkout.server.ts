// The cart's form actions: send a code, verify it and store the order (or store it again after a
// failed try, with the token that try earned), or start a hosted payment.
// Cart lines come from the device and are parsed. Whether the branch takes the order now and what each
// line costs is the embedded API's answer (it checks once, before a code is sent or spent, and prices
// the order it stores: worker/contract/order-gate.ts); an external API may not check them, so against
// one the page checks its own copy of the menu first (./check-lines.server.ts).
import { data, redirect, redirectDocument, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { orderTokenSetCookie, readOrderToken } from "~/lib/order-token.server";
import { getLanguage } from "~/middleware/language";
import { branchPath } from "~/lib/tenant-paths";
import { readFields } from "~/lib/form-body.server";
import { UpstreamError } from "../../../worker/upstream/errors";
import { upstreamSource } from "../../../worker/upstream";
import type { Ordering } from "../../../worker/upstream/ordering";
import { checkLines, type LineProblem } from "./check-lines.server";
import { requireOrderingBranch } from "./ordering-branch.server";
import { contractPhone, MAX_CHOICES_PER_LINE, MAX_LINES, SESSION_PLACEHOLDER } from "../../../worker/upstream/order-terms";
import { isPaused } from "../../../worker/rules/availability";
import { openingState } from "../../../worker/rules/opening-hours";
import { acceptsOnline, acceptsOtp } from "../../../worker/rules/modes";
import { forPeople, toE164 } from "../../../worker/rules/e164";
import { plainLines, plainText } from "../../../worker/rules/plain-text";
import { PRIVATE_HEADERS } from "~/lib/route-headers";

const SafeName = v.pipe(v.string(), plainText());
const SafeNote = v.pipe(v.string(), plainLines());

const Line = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  amount: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(999)),
  unit_price: v.number(),
  note: v.optional(v.pipe(v.string(), v.maxLength(500), plainLines()), ""),
  options: v.optional(v.pipe(v.array(v.object({ option_id: v.number(), sub_option_id: v.nullable(v.number()) })), v.maxLength(MAX_CHOICES_PER_LINE)), []),
});
export type CheckoutLine = v.InferOutput<typeof Line>;

const Lines = v.pipe(v.string(), v.parseJson(), v.array(Line), v.minLength(1), v.maxLength(MAX_LINES));
const Form = v.object({
  intent: v.picklist(["send-code", "verify", "store", "pay"]),
  name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ""),
  // As typed ("6555 1234", "+971 50 123 4567", "00…"): read against the restaurant's country below.
  phone: v.optional(v.pipe(v.string(), v.trim()), ""),
  note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500)), ""),
  otp_code: v.optional(v.string(), ""),
  idempotency: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{8,64}$/))),
  items: v.string(),
  // A tip with a card payment, in major units as typed or chosen ("" or "0": none); the API checks the rest.
  tip: v.optional(v.pipe(v.string(), v.trim()), ""),
  // Where the branch takes pickup orders and no table is in the URL: "" (eat here), "asap" or a time (unix ms).
  pickup: v.optional(v.union([v.literal(""), v.literal("asap"), v.pipe(v.string(), v.regex(/^\d{13}$/))]), ""),
});
const Tip = /^\d{1,7}([.,]\d{1,3})?$/;

export type CheckoutResult =
  // `demo`: the code went to the demo outbox, not by SMS (the sheet says so).
  // `phone`: the number the code went to, written for people ("+971 50 123 4567").
  | { ok: true; step: "otp"; phone: string; resendIn: number; demo?: true }
  | { ok: false; fields: ("phoneOrName" | "phoneInvalid" | "textInvalid" | "tipInvalid" | "pickupInvalid")[] }
  | { ok: false; problems: LineProblem[] }
  // `verified`: the code was accepted before the order failed; retry with "store", the code is spent.
  // `smsUnavailable`: no code could be sent (no provider, or it failed); nothing was spent, try again.
  // `smsBudget`: the restaurant's texts for today are spent (until its midnight).
  // `paused`: the branch paused new orders (the board's switch); `closed`: outside its opening hours.
  // Either way the cart and the form are kept.
  // `notServed`: a dish's menu (or category) is outside its windows (the API's word, when the page's check did not see it).
  | {
      ok: false;
      toast: "invalid" | "orderError" | "rateLimited" | "smsUnavailable" | "smsBudget" | "paused" | "closed" | "notServed";
      retryAfter?: number;
      verified?: true;
    };

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

const fail = (body: CheckoutResult, status: number) => data(body, { status });
/** The API's 409 for a paused or closed branch, or a dish's menu or category not served (the page's copy may not know yet), or null. */
const heldAnswer = (error: unknown): "paused" | "closed" | "notServed" | null => {
  if (!(error instanceof UpstreamError) || error.status !== 409) return null;
  const code = (error.body as { errorCode?: unknown } | null)?.errorCode;
  return code === "paused" || code === "closed" ? code : code === "menu_closed" || code === "category_closed" ? "notServed" : null;
};

const Problems = v.array(
  v.object({ index: v.number(), reason: v.picklist(["gone", "unavailable", "notServed", "price", "options"]), price: v.optional(v.number()) }),
);
/** The cart's lines the API found changed (its `problems`, with a 409 or 422), or null. */
const lineProblems = (error: unknown): LineProblem[] | null => {
  if (!(error instanceof UpstreamError) || (error.status !== 409 && error.status !== 422)) return null;
  const problems = v.safeParse(Problems, (error.body as { problems?: unknown } | null)?.problems);
  return problems.success && problems.output.length > 0 ? problems.output : null;
};

/** The API refused this field of the order (a 422 naming it). */
const refusedField = (error: UpstreamError, field: string) => error.status === 422 && field in ((error.body as { errors?: object } | null)?.errors ?? {});

/** The API refused the number itself (422 on `phone` or `phoneCustomer`): the form's phone error. */
const phoneRefused = (error: UpstreamError) => {
  const errors = (error.body as { errors?: unknown } | null)?.errors;
  return error.status === 422 && typeof errors === "object" && errors !== null && ("phone" in errors || "phoneCustomer" in errors);
};

/** The token for the code, or null when the API refuses the code (wrong, spent or expired). */
async function verifiedToken(ordering: Ordering, body: Parameters<Ordering["verifyOtp"]>[0]): Promise<string | null> {
  try {
    return (await ordering.verifyOtp(body)).token;
  } catch (error) {
    // A wrong, spent or expired code; not the cart's lines (their own answer, below).
    if (error instanceof UpstreamError && error.status === 422 && !lineProblems(error)) return null;
    throw error;
  }
}

/** Sends a code, or the answer for the API's refusals that have their own message for the diner. */
async function sendCode(ordering: Ordering, body: Parameters<Ordering["sendOtp"]>[0]) {
  try {
    return { ok: true, ...(await ordering.sendOtp(body)) } as const;
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    // The number cannot be texted where the restaurant is (or the SMS provider refused it).
    if (phoneRefused(error)) return { ok: false, answer: fail({ ok: false, fields: ["phoneInvalid"] }, 422) } as const;
    // The restaurant's texts for today are spent: said in plain words, not as a failure to retry.
    if (error.status === 503 && (error.body as { errorCode?: unknown } | null)?.errorCode === "sms_budget") {
      return { ok: false, answer: fail({ ok: false, toast: "smsBudget" }, 503) } as const;
    }
    // No provider, or it failed: nothing was spent, the diner may try again.
    if (error.status === 503) return { ok: false, answer: fail({ ok: false, toast: "smsUnavailable" }, 503) } as const;
    throw error;
  }
}

const heldToken = (request: Request, branchId: number, phone: string) => {
  const held = readOrderToken(request, branchId);
  return held?.phone === phone ? held.token : null;
};

export async function checkoutAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  params: { domain?: string; table?: string; branchId?: string },
) {
  // Only where the branch takes orders (else a 404), and only the ways of ordering it takes (its payment mode).
  const { tenant, branchId, branch, country } = await requireOrderingBranch(context, params);
  const entries = (await readFields(request)) ?? {};
  const form = v.safeParse(Form, entries);
  if (!form.success) return fail({ ok: false, toast: "orderError" }, 400);
  const input = form.output;
  // Spec section 5: both required; then a number where the restaurant is, read by its numbering plan
  // rather than counted in digits (docs/decisions/0059), so a Kuwaiti "6555 1234" is one.
  if (!input.name || input.phone === "") return fail({ ok: false, fields: ["phoneOrName"] }, 422);
  const e164 = toE164(input.phone, country);
  if (!e164) return fail({ ok: false, fields: ["phoneInvalid"] }, 422);
  // Sent to the API as the contract spells a number (E.164's digits), whichever API it is.
  const phone = contractPhone(e164);
  // The API's own rule for what others will read (the restaurant's screen): no control or bidi characters.
  if (!v.is(SafeName, input.name) || !v.is(SafeNote, input.note)) return fail({ ok: false, fields: ["textInvalid"] }, 422);
  const lines = v.safeParse(Lines, input.items);
  if (!lines.success) return fail({ ok: false, toast: "orderError" }, 400);
  if (input.intent === "pay" && input.tip !== "" && !Tip.test(input.tip)) return fail({ ok: false, fields: ["tipInvalid"] }, 422);
  const tip = input.intent === "pay" && input.tip !== "" ? Number(input.tip.replace(",", ".")) : 0;

  const { upstream, ordering, env } = getApp(context);
  const embedded = upstreamSource(env) === "embedded";
  if (!embedded && isPaused(branch.paused_until, Date.now())) return fail({ ok: false, toast: "paused" }, 409);
  if (!embedded && !openingState(branch.opening_hours, branch.time_zone, Date.now()).open) return fail({ ok: false, toast: "closed" }, 409);
  const wanted = input.intent === "pay" ? acceptsOnline : acceptsOtp;
  if (!wanted(branch.payment_mode)) return fail({ ok: false, toast: "orderError" }, 409);
  if (!embedded) {
    const problems = await checkLines(upstream, tenant.domain, branchId, lines.output);
    if (problems.length > 0) return fail({ ok: false, problems }, 409);
  }

  const items = lines.output.map((l) => ({
    product_id: l.id,
    amount: l.amount,
    note: l.note,
    sub_option_id: l.options.flatMap((o) => (o.sub_option_id ? [o.sub_option_id] : [])),
    // The price the cart showed: the embedded API reports a line whose price changed since.
    ...(embedded ? { unit_price: l.unit_price } : {}),
  }));
  // The embedded API checks the cart with the code calls too (no code sent or spent for an order it would refuse).
  const cart = embedded ? { items } : {};
  const table = tenant.table ? Number(tenant.table) : 1;
  // A pickup order only away from a table (the API checks the time against the branch's hours).
  const pickup = tenant.table || input.pickup === "" ? {} : { pickup_at: input.pickup === "asap" ? ("asap" as const) : Number(input.pickup) };
  const key = input.idempotency || crypto.randomUUID();
  const common = { domain: tenant.domain, branch_id: branchId, name: input.name, phone };

  try {
    if (input.intent === "send-code") {
      const sent = await sendCode(ordering, { ...common, lang: getLanguage(context), ...cart });
      if (!sent.ok) return sent.answer;
      // The API's own reading of the number (E.164, the embedded API's addition), else the site's.
      const shown = forPeople(sent.phone ?? e164);
      return data<CheckoutResult>({ ok: true, step: "otp", phone: shown, resendIn: sent.resend_in, ...(sent.demo ? { demo: true as const } : {}) });
    }
    if (input.intent === "pay") {
      // Built on the server from the route, never from the request path (actions post to `….data`).
      // The provider puts the session in place of the placeholder; the orders screen exchanges it.
      const url = new URL(request.url);
      const base = branchPath(tenant, branchId);
      const started = await ordering.orderPayment(
        {
          domain: tenant.domain,
          branch_id: branchId,
          items,
          note: input.note,
          table_id: table,
          nameCustomer: input.name,
          phoneCustomer: phone,
          lang: getLanguage(context),
          success_url: `${url.origin}${base}/orders?paid=${SESSION_PLACEHOLDER}`,
          cancel_url: `${url.origin}${base}/cart?cancelled=true`,
          ...(tip > 0 ? { tip } : {}),
          ...pickup,
        },
        key,
      );
      // Only to a real payment page: https, or the embedded demo page on this origin, or (a site run
      // locally over http, never a deploy) a provider's stand-in on this machine.
      const target = new URL(started.url);
      const demo = target.origin === url.origin && target.pathname.startsWith("/api/pay/");
      const local = url.protocol === "http:" && LOOPBACK.has(url.hostname) && LOOPBACK.has(target.hostname);
      if (target.protocol !== "https:" && !demo && !local) return fail({ ok: false, toast: "orderError" }, 502);
      return redirectDocument(target.href);
    }
    // "verify" earns a token with the code; "store" (the retry after a verified try whose order
    // failed, its code spent) uses the one this device already holds for that phone.
    const token =
      input.intent === "store" ? heldToken(request, branchId, phone) : await verifiedToken(ordering, { ...common, otp_code: input.otp_code, ...cart });
    if (!token) return fail({ ok: false, toast: "invalid" }, 422);
    const cookie = orderTokenSetCookie(request, branchId, token, phone);
    try {
      const stored = await ordering.storeOrder(token, { domain: tenant.domain, branch_id: branchId, items, note: input.note, table_id: table, ...pickup }, key);
      // The diner lands on the order itself (number, items, total, live status), as after a card
      // payment: a plain redirect, so a form posted without JavaScript lands there too. The orders
      // screen clears the device's cart once it shows the order.
      return redirect(`${branchPath(tenant, branchId)}/orders?justOrdered=true&order=${stored.order_id}`, {
        headers: { "Set-Cookie": cookie, ...PRIVATE_HEADERS },
      });
    } catch (error) {
      // A token the API no longer takes: a new code is needed, not another try with it.
      if (error instanceof UpstreamError && error.status === 401) return fail({ ok: false, toast: "invalid" }, 422);
      // The pickup time passed (or the hours changed) meanwhile: another time, the code already spent.
      if (error instanceof UpstreamError && refusedField(error, "pickup_at"))
        return data<CheckoutResult>({ ok: false, fields: ["pickupInvalid"] }, { status: 422, headers: { "Set-Cookie": cookie } });
      // The cart changed between the code and the order (a rare race): its lines are marked.
      const changed = lineProblems(error);
      if (changed) return data<CheckoutResult>({ ok: false, problems: changed }, { status: 409, headers: { "Set-Cookie": cookie } });
      const held = heldAnswer(error);
      if (held) return data<CheckoutResult>({ ok: false, toast: held, verified: true }, { status: 409, headers: { "Set-Cookie": cookie } });
      // The token is kept (the diner is verified, the code is spent); the cart stays on the device and
      // the retry stores with the same idempotency key, so an order the API did take is not doubled.
      return data<CheckoutResult>({ ok: false, toast: "orderError", verified: true }, { status: 502, headers: { "Set-Cookie": cookie } });
    }
  } catch (error) {
    // Lines the API found changed are marked on the cart (409), before any other answer about them.
    const changed = lineProblems(error);
    if (changed) return fail({ ok: false, problems: changed }, 409);
    const held = heldAnswer(error);
    if (held) return fail({ ok: false, toast: held }, 409);
    // A payment for a number that cannot be one where the restaurant is, or a tip it does not take.
    if (error instanceof UpstreamError && phoneRefused(error)) return fail({ ok: false, fields: ["phoneInvalid"] }, 422);
    if (error instanceof UpstreamError && refusedField(error, "tip")) return fail({ ok: false, fields: ["tipInvalid"] }, 422);
    if (error instanceof UpstreamError && refusedField(error, "pickup_at")) return fail({ ok: false, fields: ["pickupInvalid"] }, 422);
    if (error instanceof UpstreamError && error.status === 429) {
      const retry = (error.body as { data?: { retry_after?: number } } | null)?.data?.retry_after ?? 60;
      return fail({ ok: false, toast: "rateLimited", retryAfter: retry }, 429);
    }
    return fail({ ok: false, toast: "orderError" }, 502);
  }
}
