// The board's partial refund (/console/orders/refund, docs/decisions/0083): a manager or owner refunds part of a card-paid order,
// with a reason. A bad amount or reason is 422 with a message, more than is left 409 (with what is left),
// another branch's order 403, another restaurant's 404; the dialog keeps what was typed on each of them.
import { data } from "react-router";
import * as v from "valibot";
import type { RouterContextProvider } from "react-router";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, ConsoleId, requireMember, worksIn } from "~/lib/console-session.server";
import { readForm } from "~/lib/form-body.server";
import { boardOrder, boardRestaurant, refundPart, type RefundStatus } from "../../../worker/console/orders";
import { majorUnits } from "../../../worker/rules/money";
import { PartialRefundForm, REASON_MAX, refundMinor } from "../../../worker/rules/refund-form";

const Form = v.object({ ...PartialRefundForm.entries, order_id: ConsoleId });

/** `left`: what may still be refunded, major units; `refund`: the provider's answer (failed: retry from the board). */
export type PartialRefundOutcome =
  | { ok: true; order_id: number; status: number; refund: RefundStatus | null; left: number }
  | {
      ok: false;
      problem: "amount" | "reason" | "step" | "tooMuch" | "notCardPaid" | "cancelled" | "notFound" | "forbidden";
      error: string;
      left?: number;
      step?: number;
    };

const STATUS = { amount: 422, reason: 422, step: 422, tooMuch: 409, notCardPaid: 409, cancelled: 409, notFound: 404, forbidden: 403 } as const;
const ERRORS = {
  amount: "Enter an amount above zero, with no more decimals than the currency has.",
  reason: `Say why, in at most ${REASON_MAX} characters.`,
  step: "The payment provider refunds this currency only in steps of its smallest charge.",
  tooMuch: "That is more than is left to refund on this order.",
  notCardPaid: "Only an order paid by card is refunded here.",
  cancelled: "This order is cancelled: its cancel refunded the rest.",
  notFound: "No such order.",
  forbidden: "Only a manager or the owner refunds, and only in their branches.",
} as const;

const refuse = (problem: keyof typeof STATUS, extra: { left?: number; step?: number } = {}) =>
  data({ ok: false, problem, error: ERRORS[problem], ...extra } as PartialRefundOutcome, { status: STATUS[problem], headers: CONSOLE_HEADERS });

export async function partialRefundAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  // Staff may cancel but not refund part of an order: 403 (the board shows them no Refund button).
  const { member, tenant } = await requireMember(request, env, "refunds");
  const form = await readForm(request);
  const parsed = v.safeParse(Form, form ? Object.fromEntries(form) : undefined);
  if (!parsed.success) {
    const field = parsed.issues[0]?.path?.[0]?.key;
    return field === "reason" ? refuse("reason") : field === "order_id" ? refuse("notFound") : refuse("amount");
  }
  const { order_id, amount, reason } = parsed.output;
  const restaurant = await boardRestaurant(env, tenant);
  if (!restaurant) return refuse("notFound");
  const order = await boardOrder(env, restaurant, order_id);
  if (!order) return refuse("notFound");
  if (!worksIn(member, order.branch_id)) return refuse("forbidden");
  const minor = refundMinor(amount, restaurant.currency);
  if (minor === null) return refuse("amount");
  const done = await refundPart(env, restaurant, order_id, minor, reason);
  if (!done.ok) {
    const left = majorUnits(done.left, restaurant.currency);
    return done.problem === "step" ? refuse("step", { left, step: majorUnits(done.step, restaurant.currency) }) : refuse(done.problem, { left });
  }
  const outcome: PartialRefundOutcome = {
    ok: true,
    order_id,
    status: order.status,
    refund: done.refund?.status ?? null,
    left: majorUnits(done.left, restaurant.currency),
  };
  return data(outcome, { headers: CONSOLE_HEADERS });
}
