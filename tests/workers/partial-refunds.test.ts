// The board's partial refunds (docs/decisions/0083), against Tap's and Stripe's stand-ins: a manager refunds
// part of a served card-paid order, and the rest (or the rest by cancelling); twenty requests for the whole rest refund
// it once; more than is left is 409, a bad amount 422, staff 403, another restaurant's order 404; every refund
// goes through the paid session's provider with its amount, and the credit notes add up to the invoice.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { orderRestaurant } from "../../worker/directory/order-restaurants";
import { refundPart } from "../../worker/console/partial-refund";
import { refundProvider } from "../../worker/providers/refunds";
import { moveOrder } from "../../worker/restaurant/move-order";
import { restaurantCall } from "../../worker/restaurant/stub";
import { readCharge } from "../../worker/providers/tap-stand-in/state";
import { consolePost, seedMember } from "./console-members";
import { ordersOf, SAFFRON_ID } from "./restaurant-rows";
import { sentToStripe, stripeEnv, stripeSaffron } from "./stripe-saffron";
import { chargeOf, checkout, site, tapRestaurant } from "./tap-restaurant";

const READY = 2;
const CANCELED = 3;
const json = async (res: Response) => (await res.json()) as any;

/** A Tap-paid, served order of a new Kuwaiti restaurant (3.870 KWD), with its owner, a manager and a staff member. */
async function servedTapOrder() {
  const r = await tapRestaurant("KW", 3870);
  const restaurant = (await orderRestaurant(env.DB, r.id))!;
  const { url, order_id } = await checkout(r);
  await site(url, { method: "POST", body: new URLSearchParams({ decision: "pay", method: "knet" }) });
  await ordersOf(r.id).prepare("UPDATE orders SET status = ? WHERE id = ?").bind(READY, order_id).run();
  return { r, restaurant, order_id, charge: chargeOf(url) };
}

const documents = (restaurantId: number, orderId: number) =>
  ordersOf(restaurantId)
    .prepare("SELECT kind, credits, refund_id, total_minor, vat_minor, service_minor, tip_minor FROM invoices WHERE order_id = ? ORDER BY id")
    .bind(orderId)
    .all<{ kind: string; total_minor: number; vat_minor: number; service_minor: number; tip_minor: number; refund_id: number | null }>();

describe("partial refunds", { timeout: 90_000 }, () => {
  it("refunds part of a served Tap order, then the rest once under 20 requests, credit notes add up", async () => {
    const { r, restaurant, order_id, charge } = await servedTapOrder();
    const first = await refundPart(env, restaurant, order_id, 1_005, "Cold machboos");
    expect(first).toMatchObject({ ok: true, left: 2_865, refund: { amount: 1_005, provider: "tap" } });
    // Twenty requests for the whole rest: one claims it.
    const rest = await Promise.all(Array.from({ length: 20 }, () => refundPart(env, restaurant, order_id, 2_865, "Missing line")));
    expect(rest.filter((a) => a.ok)).toHaveLength(1);
    expect(rest.filter((a) => !a.ok).every((a) => !a.ok && a.problem === "tooMuch" && a.left === 0)).toBe(true);
    expect(await refundPart(env, restaurant, order_id, 1, "More")).toMatchObject({ ok: false, problem: "tooMuch", left: 0 });
    // Tap refunded each amount once: the whole charge, no more.
    expect((await readCharge(env.HOSTS, charge))!.refunded).toBe(3_870);
    const { results } = await documents(r.id, order_id);
    const invoice = results.find((d) => d.kind === "invoice")!;
    const credits = results.filter((d) => d.kind === "credit");
    expect(credits.map((c) => c.total_minor)).toEqual([1_005, 2_865]);
    for (const column of ["total_minor", "vat_minor", "service_minor", "tip_minor"] as const)
      expect(credits.reduce((sum, c) => sum + c[column], 0)).toBe(invoice[column]);
    // The diner's credit notes: each by its number, of one line of its own amount (no order lines adding up to
    // more), the page listing both; a number not the order's is none.
    const numbers = (await restaurantCall(env, restaurant, "invoiceOf", order_id, "credit", null))!.credit_notes;
    expect(numbers).toHaveLength(2);
    for (const [i, n] of numbers.entries()) {
      const note = (await restaurantCall(env, restaurant, "invoiceOf", order_id, "credit", n))!;
      expect(note).toMatchObject({ number: n, total_minor: credits[i]!.total_minor });
      expect(note.lines).toEqual([
        { name_en: "Refund", name_ar: "استرداد", amount: 1, unit_minor: note.total_minor - note.tip_minor - note.service_minor, options: [] },
      ]);
    }
    expect(await restaurantCall(env, restaurant, "invoiceOf", order_id, "credit", 999_999)).toBeNull();
    // The diner sees the refunds as one: refunded 3.870 KWD.
    const diner = await ordersOf(r.id)
      .prepare("SELECT (SELECT sum(amount) FROM refunds WHERE order_id = ?1) AS refunded, (SELECT count(*) FROM refunds WHERE order_id = ?1) AS rows")
      .bind(order_id)
      .first();
    expect(diner).toEqual({ refunded: 3_870, rows: 2 });
  });

  it("cancel after a partial refund refunds and credits only the rest", async () => {
    const { r, restaurant, order_id, charge } = await servedTapOrder();
    await ordersOf(r.id).prepare("UPDATE orders SET status = 1 WHERE id = ?").bind(order_id).run();
    expect(await refundPart(env, restaurant, order_id, 870, "Cold")).toMatchObject({ ok: true, left: 3_000 });
    const moved = await moveOrder(env, restaurant, order_id, CANCELED, refundProvider(env, restaurant));
    expect(moved.ok && moved.refund).toMatchObject({ amount: 3_000, provider: "tap" });
    expect((await readCharge(env.HOSTS, charge))!.refunded).toBe(3_870);
    const { results } = await documents(r.id, order_id);
    const invoice = results.find((d) => d.kind === "invoice")!;
    const credits = results.filter((d) => d.kind === "credit");
    expect(credits.map((c) => [c.total_minor, c.refund_id === null])).toEqual([
      [870, false],
      [3_000, true],
    ]);
    expect(credits[0]!.vat_minor + credits[1]!.vat_minor).toBe(invoice.vat_minor);
    // A cancelled order is refunded no more from the board.
    expect(await refundPart(env, restaurant, order_id, 10, "Again")).toMatchObject({ ok: false, problem: "cancelled" });
  });

  it("answers the board's form: 422 for a bad amount or reason, 409 above what is left, 403 for staff, 404 for another restaurant's order", async () => {
    const { r, order_id } = await servedTapOrder();
    const other = await servedTapOrder();
    const owner = await seedMember(r.id, "owner");
    const manager = await seedMember(r.id, "manager");
    const staff = await seedMember(r.id, "staff");
    const post = (cookie: string, fields: Record<string, string>) =>
      consolePost("/console/orders/refund", cookie, { intent: "partial-refund", order_id: String(order_id), reason: "Cold dish", ...fields });
    for (const amount of ["", "abc", "0", "1.2345", "-1"]) {
      const res = await post(owner.cookie, { amount });
      expect(res.status, amount).toBe(422);
      expect(await json(res)).toMatchObject({ ok: false, problem: "amount", error: expect.stringContaining("amount") });
    }
    expect((await post(owner.cookie, { amount: "1", reason: " " })).status).toBe(422);
    const over = await post(owner.cookie, { amount: "3.871" });
    expect(over.status).toBe(409);
    expect(await json(over)).toMatchObject({ problem: "tooMuch", left: 3.87 });
    expect((await post(staff.cookie, { amount: "1" })).status).toBe(403);
    // Orders are looked up in the member's own restaurant only: no such order there is 404.
    expect((await post(owner.cookie, { amount: "1", order_id: "999" })).status).toBe(404);
    // Arabic-Indic digits and the Arabic decimal mark, by a manager.
    const done = await post(manager.cookie, { amount: "١٫٢٥٠" });
    expect(done.status).toBe(200);
    expect(await json(done)).toMatchObject({ ok: true, refund: "succeeded", left: 2.62 });
    // The other restaurant's order, with the same id in its own object, was never touched.
    expect((await readCharge(env.HOSTS, other.charge))!.refunded).toBe(0);
  });
});

describe("a partial refund through Stripe", { timeout: 60_000 }, () => {
  const ACCOUNT = "acct_partial_saffron";
  let paidOrder: Awaited<ReturnType<typeof stripeSaffron>>["stripePaidOrder"];
  beforeAll(async () => {
    ({ stripePaidOrder: paidOrder } = await stripeSaffron(ACCOUNT));
  });

  it("asks Stripe for the amount on the connected account, then the rest; no more once all is refunded", async () => {
    const { order_id, intent } = await paidOrder();
    await ordersOf(SAFFRON_ID).prepare("UPDATE orders SET status = ? WHERE id = ?").bind(READY, order_id).run();
    const restaurant = (await orderRestaurant(env.DB, SAFFRON_ID))!;
    const { total_minor } = (await ordersOf(SAFFRON_ID)
      .prepare("SELECT total_minor FROM orders WHERE id = ?")
      .bind(order_id)
      .first<{ total_minor: number }>())!;
    const part = await refundPart(stripeEnv(), restaurant, order_id, 125, "Cold soup");
    expect(part).toMatchObject({ ok: true, left: total_minor - 125, refund: { status: "succeeded", amount: 125, provider: "stripe" } });
    const rest = await refundPart(stripeEnv(), restaurant, order_id, total_minor - 125, "Missing bread");
    expect(rest).toMatchObject({ ok: true, left: 0, refund: { status: "succeeded", amount: total_minor - 125 } });
    expect(await refundPart(stripeEnv(), restaurant, order_id, 1, "Again")).toMatchObject({ ok: false, problem: "tooMuch", left: 0 });
    const calls = (await sentToStripe(ACCOUNT)).filter((r) => r.path === "/v1/refunds" && r.form.payment_intent === intent);
    // Stripe's amounts are minor units (fils for AED), each refund with its own key, on the restaurant's account.
    expect(calls.map((c) => c.form.amount)).toEqual(["125", String(total_minor - 125)]);
    expect(calls.map((c) => c.headers["stripe-account"])).toEqual([ACCOUNT, ACCOUNT]);
    expect(new Set(calls.map((c) => c.headers["idempotency-key"])).size).toBe(2);
    expect(calls.every((c) => (c.answer as { amount?: number }).amount === Number(c.form.amount))).toBe(true);
  });
});
