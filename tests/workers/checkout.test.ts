// The cart's checkout action over the embedded API: validation messages, line checks, the SMS
// flow to a stored order, a store failure that loses nothing, and nothing personal cached.
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../app/context";
import { VisitTracker } from "../../app/lib/visits.server";
import { checkoutAction } from "../../app/routes/tenant/checkout.server";
import { apiApp } from "../../worker/contract/catalogue";
import { toE164 } from "../../worker/rules/e164";
import { createOrdering } from "../../worker/upstream/ordering";
import { ServerTimings } from "../../worker/upstream/timing";
import { catalogueRow } from "./catalogue";
import { testUpstream } from "./helpers";
import { ordersOf, SAFFRON_ID } from "./restaurant-rows";

// Saffron's orders are in its own object.
const saffronOrders = ordersOf(SAFFRON_ID);
const ctx = { waitUntil() {}, passThroughOnException() {} } as unknown as ExecutionContext;
let failStore = false;
const timings = new ServerTimings();
const ordering = createOrdering(
  {
    baseUrl: "http://embedded.api",
    imageBase: "/storage/",
    timeoutMs: 2000,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      if (failStore && new URL(request.url).pathname === "/storeOrder") return new Response("oops", { status: 500 });
      return apiApp.fetch(request, env, ctx);
    },
  },
  timings,
  "198.51.100.7",
);

function context() {
  const c = new RouterContextProvider();
  c.set(appContext, {
    env,
    ctx,
    nonce: "n",
    host: { kind: "app" },
    upstream: testUpstream({ version: "checkout" }).upstream,
    ordering,
    visits: new VisitTracker(new Request("http://localhost/")),
    pageCookies: { language: "en", theme: null, orderBranches: new Set<number>(), view: "grid2", shareable: true },
  });
  return c;
}

let line: { id: number; amount: number; unit_price: number; note: string; options: never[] };
let hiddenLine: typeof line;

beforeAll(async () => {
  const product = (await catalogueRow<{ id: number; price: number; price_offer: number }>(
    SAFFRON_ID,
    "SELECT p.id, p.price_minor / 100.0 AS price, p.offer_minor / 100.0 AS price_offer FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 1 AND p.hidden = 0 AND p.unavailable = 0 LIMIT 1",
  ))!;
  line = { id: product.id, amount: 2, unit_price: product.price_offer > 0 ? product.price_offer : product.price, note: "", options: [] };
  const hidden = (await catalogueRow<{ id: number }>(
    SAFFRON_ID,
    "SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 1 AND p.hidden = 1 LIMIT 1",
  ))!;
  hiddenLine = { ...line, id: hidden.id };
});

async function submit(fields: Record<string, string>) {
  const body = new URLSearchParams({ items: JSON.stringify([line]), ...fields });
  const request = new Request("http://localhost/saffron/1/cart", { method: "POST", body });
  const result = await checkoutAction(request, context(), { domain: "saffron", branchId: "1" });
  return result as unknown as { data: any; init: (ResponseInit & { headers?: Record<string, string> }) | null };
}
const phone = () => `0502${String(Date.now()).slice(-6)}`;
const latestCode = async (p: string) =>
  /(\d{6})/.exec(
    (await env.DB.prepare("SELECT body FROM sms_outbox WHERE phone = ? ORDER BY id DESC").bind(toE164(p, "AE")).first<{ body: string }>())!.body,
  )![1]!;

describe("checkout action", () => {
  it("asks for name and phone, then for a valid phone (the spec's codes)", async () => {
    expect((await submit({ intent: "send-code", name: "", phone: "" })).data).toEqual({ ok: false, fields: ["phoneOrName"] });
    expect((await submit({ intent: "send-code", name: "Sara", phone: "" })).data).toEqual({ ok: false, fields: ["phoneOrName"] });
    const bad = await submit({ intent: "send-code", name: "Sara", phone: "05-12" });
    expect(bad.data).toEqual({ ok: false, fields: ["phoneInvalid"] });
    expect(bad.init?.status).toBe(422);
  });

  it("reports lines that changed instead of dropping them", async () => {
    const body = new URLSearchParams({ intent: "send-code", name: "Sara", phone: phone(), items: JSON.stringify([{ ...line, unit_price: 0.5 }, hiddenLine]) });
    const result = (await checkoutAction(new Request("http://localhost/saffron/1/cart", { method: "POST", body }), context(), {
      domain: "saffron",
      branchId: "1",
    })) as unknown as { data: any; init: ResponseInit };
    expect(result.init.status).toBe(409);
    expect(result.data.problems).toEqual([
      { index: 0, reason: "price", price: line.unit_price },
      { index: 1, reason: "gone" },
    ]);
  });

  it("sends a code, refuses a wrong one, and stores the order with a token cookie", async () => {
    const p = phone();
    const sent = await submit({ intent: "send-code", name: "Sara", phone: p });
    // The sheet shows the API's reading of the number, written for people.
    expect(sent.data).toMatchObject({ ok: true, step: "otp", phone: `+971 ${p.slice(1, 3)} ${p.slice(3, 6)} ${p.slice(6)}`, resendIn: 60 });
    const code = await latestCode(p);
    const wrong = await submit({ intent: "verify", name: "Sara", phone: p, otp_code: code === "000000" ? "111111" : "000000" });
    expect(wrong.data).toEqual({ ok: false, toast: "invalid" });
    const done = (await submit({ intent: "verify", name: "Sara", phone: p, otp_code: code, idempotency: "abcdef123456" })) as unknown as Response;
    // A plain redirect to the order on the orders screen (a form posted without JavaScript lands there too).
    const order = (await saffronOrders
      .prepare("SELECT id FROM orders WHERE phone LIKE ? ORDER BY id DESC")
      .bind(`%${p.slice(1)}`)
      .first<{ id: number }>())!;
    expect(done).toBeInstanceOf(Response);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/saffron/1/orders?justOrdered=true&order=${order.id}`);
    expect(done.headers.get("cache-control")).toBe("private, no-store");
    const cookie = done.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^tokenOrder1=[A-Za-z0-9_-]+\.\d+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    expect(timings.entries.filter((e) => ["sendOtp", "verifyOtp", "storeOrder"].includes(e.name)).every((e) => e.desc === "BYPASS")).toBe(true);
  });

  it("a diner who came through table 5's code lands on the orders screen under that table, and the order is table 5's", async () => {
    const p = phone();
    const post = (fields: Record<string, string>) =>
      checkoutAction(
        new Request("http://localhost/table/5/saffron/1/cart", { method: "POST", body: new URLSearchParams({ items: JSON.stringify([line]), ...fields }) }),
        context(),
        { domain: "saffron", table: "5", branchId: "1" },
      );
    await post({ intent: "send-code", name: "Sara", phone: p });
    const done = (await post({ intent: "verify", name: "Sara", phone: p, otp_code: await latestCode(p) })) as unknown as Response;
    const order = (await saffronOrders
      .prepare("SELECT id, table_id FROM orders WHERE phone LIKE ? ORDER BY id DESC")
      .bind(`%${p.slice(1)}`)
      .first<{ id: number; table_id: number }>())!;
    expect(done.headers.get("location")).toBe(`/table/5/saffron/1/orders?justOrdered=true&order=${order.id}`);
    expect(order.table_id).toBe(5);
  });

  it("keeps everything when storing fails after a good code", async () => {
    const p = phone();
    await submit({ intent: "send-code", name: "Sara", phone: p });
    failStore = true;
    try {
      const result = await submit({ intent: "verify", name: "Sara", phone: p, otp_code: await latestCode(p) });
      expect(result.data).toEqual({ ok: false, toast: "orderError", verified: true });
      expect(result.init?.status).toBe(502);
      const orders = await saffronOrders.prepare("SELECT count(*) AS n FROM orders WHERE phone = ?").bind(toE164(p, "AE")).first<{ n: number }>();
      expect(orders!.n).toBe(0);
    } finally {
      failStore = false;
    }
  });

  it('after a store failure, stores once with the token the spent code earned ("store"), only for that phone', async () => {
    const p = phone();
    await submit({ intent: "send-code", name: "Sara", phone: p });
    const code = await latestCode(p);
    const key = `retry-${p}`;
    failStore = true;
    const failed = await submit({ intent: "verify", name: "Sara", phone: p, otp_code: code, idempotency: key }).finally(() => (failStore = false));
    const cookie = (new Headers(failed.init?.headers).get("set-cookie") ?? "").split(";")[0]!;
    const withToken = (fields: Record<string, string>) =>
      checkoutAction(
        new Request("http://localhost/saffron/1/cart", {
          method: "POST",
          headers: { cookie },
          body: new URLSearchParams({ items: JSON.stringify([line]), ...fields }),
        }),
        context(),
        { domain: "saffron", branchId: "1" },
      ) as unknown as Promise<{ data: any }>;
    expect((await submit({ intent: "verify", name: "Sara", phone: p, otp_code: code, idempotency: key })).data).toEqual({ ok: false, toast: "invalid" }); // the code is spent
    expect((await submit({ intent: "store", name: "Sara", phone: p, idempotency: key })).data).toEqual({ ok: false, toast: "invalid" }); // no token held
    expect((await withToken({ intent: "store", name: "Sara", phone: phone().replace(/^0502/, "0509"), idempotency: key })).data).toEqual({
      ok: false,
      toast: "invalid",
    });
    const stored = (await withToken({ intent: "store", name: "Sara", phone: p, idempotency: key })) as unknown as Response;
    expect(stored.headers.get("location")).toMatch(/^\/saffron\/1\/orders\?justOrdered=true&order=\d+$/);
    // The same key again: the same order, the same landing.
    expect(((await withToken({ intent: "store", name: "Sara", phone: p, idempotency: key })) as unknown as Response).headers.get("location")).toBe(
      stored.headers.get("location"),
    );
    const orders = await saffronOrders.prepare("SELECT count(*) AS n FROM orders WHERE phone = ?").bind(toE164(p, "AE")).first<{ n: number }>();
    expect(orders!.n).toBe(1);
  });

  it("says when codes are asked for too often", async () => {
    const p = phone();
    await submit({ intent: "send-code", name: "Sara", phone: p });
    const again = await submit({ intent: "send-code", name: "Sara", phone: p });
    expect(again.data).toMatchObject({ ok: false, toast: "rateLimited" });
    expect(again.data.retryAfter).toBeGreaterThan(0);
  });

  it("offers only the branch's payment mode: no card payment where codes are the way (409, nothing stored)", async () => {
    const p = phone();
    const body = new URLSearchParams({ intent: "pay", name: "Sara", phone: p, items: JSON.stringify([line]) });
    const result = (await checkoutAction(new Request("http://localhost/saffron/2/cart", { method: "POST", body }), context(), {
      domain: "saffron",
      branchId: "2",
    })) as unknown as { data: any; init: ResponseInit };
    expect(result.init.status).toBe(409);
    expect(result.data).toEqual({ ok: false, toast: "orderError" });
    expect((await saffronOrders.prepare("SELECT count(*) AS n FROM orders WHERE phone = ?").bind(toE164(p, "AE")).first<{ n: number }>())!.n).toBe(0);
  });

  it("refuses control and bidi characters in the name and note as a field message", async () => {
    expect((await submit({ intent: "send-code", name: "Sara\u202E", phone: phone() })).data).toEqual({ ok: false, fields: ["textInvalid"] });
    expect((await submit({ intent: "send-code", name: "Sara", phone: phone(), note: "bell\u0007" })).data).toEqual({ ok: false, fields: ["textInvalid"] });
  });

  it("never lets an ordering answer into the shared cache", async () => {
    const res = await apiApp.request("/getOrder", { method: "POST", body: "{}", headers: { "content-type": "application/json" } }, env);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const keys = await (caches as unknown as { default: Cache }).default.match("https://upstream-cache.internal/__edge-cache/getOrder");
    expect(keys).toBeUndefined();
  });
});
