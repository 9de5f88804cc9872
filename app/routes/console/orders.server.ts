// /console/orders: the live orders board, one branch at a time. Managers and owners pick any branch,
// staff only theirs; `?branch=` chooses (another restaurant's branch: 404; not theirs: 403), else the
// first. `boardAction` moves an order one step (or cancels it) through the one home of moves, retries a
// card order's failed refund (a partial refund has its own door: ./orders-refund.server.ts).
import { data, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, ConsoleId, requireMember, worksIn, type ConsoleTenant, type Membership } from "~/lib/console-session.server";
import { readForm } from "~/lib/form-body.server";
import {
  acknowledge,
  boardBranches,
  boardOf,
  boardOrder,
  boardRestaurant,
  moveOrder,
  paidAtCounter,
  reprint as reprintTickets,
  retryRefund,
  type RefundStatus,
} from "../../../worker/console/orders";
import { ORDER_STATUS, ORDER_STATUSES } from "../../../worker/rules/status-table";
import { can } from "../../../worker/rules/roles";

const Query = v.object({ branch: v.optional(ConsoleId) });

export async function loadOrders(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  // A board reads again after a gap or a reconnect: the member's copy saves D1 the session (docs/decisions/0084).
  const { member, tenant } = await requireMember(request, env, "orders", { copy: true });
  const query = v.safeParse(Query, Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw data({ error: "branch must be a branch id" }, { status: 400, headers: CONSOLE_HEADERS });
  const all = await boardBranches(env, tenant);
  const chosen = query.output.branch;
  if (chosen !== undefined && !all.some((b) => b.id === chosen))
    throw data({ error: "no such branch in this restaurant" }, { status: 404, headers: CONSOLE_HEADERS });
  if (chosen !== undefined && !worksIn(member, chosen)) throw data({ error: "not one of your branches" }, { status: 403, headers: CONSOLE_HEADERS });
  const branches = all.filter((b) => worksIn(member, b.id));
  const branch = branches.find((b) => b.id === chosen) ?? branches[0] ?? null;
  const { seq, orders, smsBudget, calls, printers } = await boardOf(env, tenant, branch);
  return data(
    {
      currency: member.currency,
      /** The branch's board changes these rows include: the next event applies when it is one above (docs/decisions/0084). */
      seq,
      branches,
      branch,
      orders,
      /** Diners' open calls from tables (a waiter, the bill), oldest first. */
      calls,
      /** The branch's paired kitchen printers and when each last polled (offline after two minutes). */
      printers,
      smsBudget,
      /** Whether the member may refund part of a card-paid order (managers and owners). */
      canRefund: can(member.role, "refunds"),
      /** The server's clock, so ages ("4 min") do not depend on the tablet's. */
      now: Date.now(),
    },
    { headers: CONSOLE_HEADERS },
  );
}

const Move = v.variant("intent", [
  v.object({
    intent: v.literal("move"),
    order_id: ConsoleId,
    status: v.pipe(v.string(), v.regex(/^\d$/), v.transform(Number), v.picklist(ORDER_STATUSES)),
  }),
  v.object({ intent: v.literal("refund"), order_id: ConsoleId }),
  v.object({ intent: v.literal("counter"), order_id: ConsoleId }),
  v.object({ intent: v.literal("reprint"), order_id: ConsoleId }),
  v.object({ intent: v.literal("ack"), call: v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/)) }),
]);

/** `refund`: a cancelled card order's refund after this action's attempt (failed: the board says so). */
export type BoardOutcome =
  | { ok: true; order_id: number; status: number; refund?: RefundStatus }
  /** Tickets queued again for the branch's printers (0: one was still waiting on each). */
  | { ok: true; order_id: number; status: number; reprinted: number }
  /** A call from a table acknowledged ("On my way"). */
  | { ok: true; call: string }
  | { ok: false; problem: "callDone"; error: string }
  | { ok: false; problem: "invalid" | "notFound" | "forbidden"; error: string }
  | {
      ok: false;
      problem: "unpaid" | "notAllowed" | "refundNotOpen" | "notCounter" | "notAccepted" | "noPrinter";
      error: string;
      order_id: number;
      status: number;
    };

const STATUS = {
  invalid: 400,
  forbidden: 403,
  notFound: 404,
  unpaid: 409,
  notAllowed: 409,
  refundNotOpen: 409,
  notCounter: 409,
  callDone: 409,
  notAccepted: 409,
  noPrinter: 409,
} as const;
const ERRORS = {
  invalid: "The form must name an order and a status.",
  forbidden: "This order is not in one of your branches.",
  notFound: "No such order.",
  unpaid: "This order is not paid yet.",
  notAllowed: "This order can no longer be moved there: it was moved meanwhile.",
  refundNotOpen: "This order's refund is not waiting for a retry: it is done or under way.",
  notCounter: "This order is not waiting to be paid at the counter: it is paid, paid by card or canceled.",
  callDone: "This call was already answered.",
  notAccepted: "Only an accepted order (preparing or ready) is printed again.",
  noPrinter: "This branch has no paired kitchen printer.",
} as const;
const refuse = <P extends keyof typeof STATUS>(problem: P, extra: object = {}) =>
  data({ ok: false, problem, error: ERRORS[problem], ...extra } as BoardOutcome, { status: STATUS[problem], headers: CONSOLE_HEADERS });

export async function boardAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { member, tenant } = await requireMember(request, env, "orders", { copy: true });
  const form = await readForm(request);
  const parsed = v.safeParse(Move, form ? Object.fromEntries(form) : undefined);
  if (!parsed.success) return refuse("invalid");
  if (parsed.output.intent === "ack") return acknowledgeCall(env, tenant, member, parsed.output.call);
  const { order_id } = parsed.output;
  const restaurant = await boardRestaurant(env, tenant);
  if (!restaurant) return refuse("notFound");
  // An order's branch never changes: checking it before the move cannot go stale.
  const order = await boardOrder(env, restaurant, order_id);
  if (!order) return refuse("notFound");
  if (!worksIn(member, order.branch_id)) return refuse("forbidden");
  if (parsed.output.intent === "refund") {
    // Claimed by a conditional write: a done or running refund is not attempted again.
    const refund = await retryRefund(env, restaurant, order_id);
    if (!refund) return refuse("refundNotOpen", { order_id, status: order.status });
    return data({ ok: true, order_id, status: order.status, refund: refund.status } as BoardOutcome, { headers: CONSOLE_HEADERS });
  }
  if (parsed.output.intent === "counter") {
    // One conditional write with the invoice: a second tap (or a cancelled order) changes nothing.
    if (!(await paidAtCounter(env, restaurant, { id: order_id, ...order }))) return refuse("notCounter", { order_id, status: order.status });
    return data({ ok: true, order_id, status: order.status } as BoardOutcome, { headers: CONSOLE_HEADERS });
  }
  if (parsed.output.intent === "reprint") return reprint(env, tenant, order_id, order.status);
  const { status } = parsed.output;
  const moved = await moveOrder(env, restaurant, order_id, status);
  if (moved.ok)
    return data({ ok: true, order_id, status, ...(moved.refund ? { refund: moved.refund.status } : {}) } as BoardOutcome, { headers: CONSOLE_HEADERS });
  if (moved.problem === "notFound") return refuse("notFound");
  return refuse(moved.problem, { order_id, status: moved.status });
}

/** "On my way": a call from a table of one of the member's branches, acknowledged once; its diner and the branch's screens are told. */
async function acknowledgeCall(env: Env, tenant: ConsoleTenant, member: Membership, publicId: string) {
  const branches = (await boardBranches(env, tenant)).filter((b) => worksIn(member, b.id)).map((b) => b.id);
  const done = await acknowledge(env, tenant, branches, publicId);
  if (!done.ok) return refuse(done.problem === "done" ? "callDone" : "notFound");
  return data({ ok: true, call: publicId } as BoardOutcome, { headers: CONSOLE_HEADERS });
}

/** "Reprint": a ticket again for each paired printer of an accepted order's branch (once while one waits). */
async function reprint(env: Env, tenant: ConsoleTenant, orderId: number, status: number) {
  const accepted = [ORDER_STATUS.inProcess, ORDER_STATUS.ready];
  if (!(accepted as number[]).includes(status)) return refuse("notAccepted", { order_id: orderId, status });
  const { queued, printers } = await reprintTickets(env, tenant, orderId, accepted);
  if (printers === 0) return refuse("noPrinter", { order_id: orderId, status });
  return data({ ok: true, order_id: orderId, status, reprinted: queued } as BoardOutcome, { headers: CONSOLE_HEADERS });
}
