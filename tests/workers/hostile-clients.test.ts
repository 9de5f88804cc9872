// A hostile (or unlucky) client against the embedded ordering API, inside workerd with the real D1:
// bursts of concurrent requests never pass a limit, no order is taken outside the branch's payment
// mode, no input of any size or shape gets a 500, and a failing database is the friendly 503.
import { ordersOf, restaurantRows, SAFFRON_ID } from "./restaurant-rows";
import { createExecutionContext, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { apiApp } from "../../worker/contract/catalogue";
import { toE164 } from "../../worker/rules/e164";
import { MAX_ATTEMPTS } from "../../worker/restaurant/codes";
import { restaurantCall } from "../../worker/restaurant/stub";
import { MAX_BODY_BYTES } from "../../worker/edge/body-limit";
import worker from "../../worker/index";
import { ledgerFor } from "../../worker/limits/claim";
import type { LimitLedger } from "../../worker/limits/ledger";
import { eventsIn, writeEvent } from "./limit-ledgers";
import { catalogueRow } from "./catalogue";
import { bumpTenantVersion } from "../../worker/directory/versions";

let seq = 0;
/** A phone (and an address) no other test uses; 13 digits, a possible number at a UAE restaurant. */
const fresh = () => {
  seq += 1;
  return { phone: `054${String(Date.now() % 10_000).padStart(4, "0")}${String(seq % 1000).padStart(3, "0")}`, ip: `203.0.113.${seq % 250}` };
};
const post = (path: string, body: unknown, headers: Record<string, string> = {}, environment: Env = env) =>
  apiApp.request(path, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", ...headers } }, environment);
const json = async (res: Response) => (await res.json()) as any;
const statuses = (answers: Response[]) => answers.map((r) => r.status);
const count = (list: number[], status: number) => list.filter((s) => s === status).length;
const codeOf = async (phone: string) =>
  /(\d{6})/.exec(
    (await env.DB.prepare("SELECT body FROM sms_outbox WHERE phone = ? ORDER BY id DESC").bind(toE164(phone, "AE")).first<{ body: string }>())!.body,
  )![1]!;
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

let product: { id: number };
let onlineBranch: number;
beforeAll(async () => {
  product = (await catalogueRow<{ id: number }>(
    SAFFRON_ID,
    "SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 1 AND p.hidden = 0 AND p.unavailable = 0 LIMIT 1",
  ))!;
  // A branch of saffron (named by the directory) that takes card payments only.
  const saffron = (await env.DB.prepare("SELECT id FROM restaurants WHERE domain = 'saffron'").first<{ id: number }>())!.id;
  onlineBranch = (await catalogueRow<{ id: number }>(
    saffron,
    "INSERT INTO branches (restaurant_id, name_en, name_ar, active_order, payment_mode) VALUES (?, 'Card only', 'بطاقة فقط', 1, 'online') RETURNING id",
    saffron,
  ))!.id;
});

async function sentCode(who = fresh()) {
  const sent = await post("/sendOtp", { domain: "saffron", branch_id: 1, name: "Sara", phone: who.phone }, { "cf-connecting-ip": who.ip });
  expect(sent.status).toBe(200);
  return { ...who, code: await codeOf(who.phone) };
}
const verify = (who: { phone: string; ip: string }, otp_code: string) =>
  post("/verifyOtp", { domain: "saffron", branch_id: 1, name: "Sara", phone: who.phone, otp_code }, { "cf-connecting-ip": who.ip });

describe("codes: every try and every text is claimed atomically", { timeout: 30_000 }, () => {
  it("100 concurrent wrong guesses use up exactly the 5 tries, and the right code is then refused", async () => {
    const who = await sentCode();
    const answers = await Promise.all(Array.from({ length: 100 }, () => verify(who, wrongCode(who.code))));
    expect(count(statuses(answers), 422)).toBe(100);
    const [row] = await restaurantRows<{ attempts: number }>(
      SAFFRON_ID,
      "SELECT attempts FROM otp_codes WHERE phone = ? ORDER BY id DESC",
      toE164(who.phone, "AE"),
    );
    expect(row!.attempts).toBe(MAX_ATTEMPTS);
    expect((await verify(who, who.code)).status).toBe(422);
  });

  it("the right code hidden in a burst of 100 guesses is compared at most as one of 5 tries", async () => {
    const who = await sentCode();
    const guesses = Array.from({ length: 100 }, (_, i) => (i === 60 ? who.code : wrongCode(who.code)));
    const answers = statuses(await Promise.all(guesses.map((g) => verify(who, g))));
    expect(count(answers, 200)).toBeLessThanOrEqual(1);
    const [row] = await restaurantRows<{ attempts: number }>(
      SAFFRON_ID,
      "SELECT attempts FROM otp_codes WHERE phone = ? ORDER BY id DESC",
      toE164(who.phone, "AE"),
    );
    expect(row!.attempts).toBeLessThanOrEqual(MAX_ATTEMPTS);
  });

  it("50 concurrent uses of the right code give exactly one token", async () => {
    const who = await sentCode();
    const answers = statuses(await Promise.all(Array.from({ length: 50 }, () => verify(who, who.code))));
    expect(count(answers, 200)).toBe(1);
  });

  it("20 concurrent sends to one phone text it once", async () => {
    const who = fresh();
    const answers = statuses(
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          post("/sendOtp", { domain: "saffron", branch_id: 1, name: "Sara", phone: who.phone }, { "cf-connecting-ip": `198.51.100.${i}` }),
        ),
      ),
    );
    expect(count(answers, 200)).toBe(1);
    expect(count(answers, 429)).toBe(19);
    const texts = await env.DB.prepare("SELECT count(*) AS n FROM sms_outbox WHERE phone = ?").bind(toE164(who.phone, "AE")).first<{ n: number }>();
    expect(texts!.n).toBe(1);
  });

  it("60 concurrent sends from one address to different phones at one restaurant deliver the 40 its network may leave unverified", async () => {
    const ip = "192.0.2.201";
    const answers = statuses(
      await Promise.all(
        Array.from({ length: 60 }, () => post("/sendOtp", { domain: "saffron", branch_id: 1, name: "Sara", phone: fresh().phone }, { "cf-connecting-ip": ip })),
      ),
    );
    expect(count(answers, 200)).toBe(40);
    expect(count(answers, 429)).toBe(20);
  });

  it("clears events older than every window as it claims new ones", async () => {
    // An old event in the object of the network the next send comes from.
    const who = { ...fresh(), ip: "198.51.100.77" };
    const network = `addr:${who.ip}`;
    await writeEvent("network", network, "otp", Date.now() - 2 * 86_400_000 - 1000);
    expect(await eventsIn("network", network)).toBe(1);
    await sentCode(who);
    // The old one is gone; the new one is the object's only event.
    expect(await eventsIn("network", network)).toBe(1);
    expect(
      await runInDurableObject(
        ledgerFor(env, "network", network),
        (_: LimitLedger, state) => state.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM events WHERE at < ?", Date.now() - 86_400_000).one().n,
      ),
    ).toBe(0);
  });

  it("sends no code where ordering is off or codes are not how the branch takes orders", async () => {
    const grill = await post("/sendOtp", { domain: "grill-house", branch_id: 3, name: "Ali", phone: fresh().phone });
    expect(grill.status).toBe(409);
    expect((await json(grill)).errorCode).toBe("ordering_off");
    const cardOnly = await post("/sendOtp", { domain: "saffron", branch_id: onlineBranch, name: "Ali", phone: fresh().phone });
    expect(cardOnly.status).toBe(409);
    expect((await json(cardOnly)).errorCode).toBe("payment_mode");
  });
});

const payment = (who: { phone: string; ip: string }, branch_id = 1, extra: Record<string, unknown> = {}) =>
  post(
    "/orderPayment",
    {
      domain: "saffron",
      branch_id,
      items: JSON.stringify([{ product_id: product.id, amount: 1 }]),
      nameCustomer: "Omar",
      phoneCustomer: who.phone,
      success_url: "http://localhost/saffron/1/orders?justOrdered=true",
      cancel_url: "http://localhost/saffron/1/cart",
      ...extra,
    },
    { "cf-connecting-ip": who.ip },
  );

describe("orders: the branch's payment mode, spam and history", { timeout: 30_000 }, () => {
  it("takes no online order where the branch takes codes only, and no coded order where it takes cards only", async () => {
    const otpOnly = await payment(fresh(), 2);
    expect(otpOnly.status).toBe(409);
    expect((await json(otpOnly)).errorCode).toBe("payment_mode");
    const who = await sentCode();
    const token = (await json(await verify(who, who.code))).data.token;
    const stored = await post(
      "/storeOrder",
      { domain: "saffron", branch_id: onlineBranch, items: JSON.stringify([{ product_id: product.id, amount: 1 }]) },
      { authorization: `Bearer ${token}` },
    );
    expect(stored.status).toBe(409);
  });

  it("100 concurrent online orders for one phone start 5; 110 from one address at one restaurant, 100", async () => {
    const who = fresh();
    const byPhone = statuses(await Promise.all(Array.from({ length: 100 }, (_, i) => payment({ phone: who.phone, ip: `198.18.0.${i}` }))));
    expect(count(byPhone, 200)).toBe(5);
    expect(count(byPhone, 429)).toBe(95);
    const ip = "198.18.1.1";
    const byIp = statuses(await Promise.all(Array.from({ length: 110 }, () => payment({ phone: fresh().phone, ip }))));
    expect(count(byIp, 200)).toBe(100);
    expect(count(byIp, 429)).toBe(10);
    const stored = await ordersOf(SAFFRON_ID).prepare("SELECT count(*) AS n FROM orders WHERE phone = ?").bind(toE164(who.phone, "AE")).first<{ n: number }>();
    expect(stored!.n).toBe(5);
  });

  it("a retry of a stored order (same Idempotency-Key) makes no new order and spends no try", async () => {
    const who = fresh();
    const retry = (key: string) =>
      post(
        "/orderPayment",
        {
          domain: "saffron",
          branch_id: 1,
          items: JSON.stringify([{ product_id: product.id, amount: 1 }]),
          nameCustomer: "Omar",
          phoneCustomer: who.phone,
          success_url: "http://localhost/a",
          cancel_url: "http://localhost/b",
        },
        { "cf-connecting-ip": who.ip, "idempotency-key": key },
      );
    expect((await retry("retry-key-1")).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 20 }, () => retry("retry-key-1")));
    expect(statuses(answers).every((s) => s === 200)).toBe(true);
    expect(new Set(await Promise.all(answers.map(async (a) => (await json(a)).data.order_id))).size).toBe(1);
    // The first order took one of the phone's five; four new ones still go through, the sixth does not.
    const fresh4 = statuses(await Promise.all(["k2", "k3", "k4", "k5", "k6"].map((k) => retry(`retry-key-${k}`))));
    expect(count(fresh4, 200)).toBe(4);
    expect(count(fresh4, 429)).toBe(1);
  });

  it("keeps an unpaid online order out of the phone's history until it is paid", async () => {
    const who = await sentCode();
    const token = (await json(await verify(who, who.code))).data.token;
    const started = (await json(await payment(who, 1, { note: "an attacker's note" }))).data;
    const history = async () =>
      (await json(await post("/getOrder", { domain: "saffron", phoneCustomer: who.phone, all: 1 }, { authorization: `Bearer ${token}` }))).data as {
        id: number;
      }[];
    expect((await history()).map((o) => o.id)).not.toContain(started.order_id);
    const show = () => apiApp.request(`/order/show/${started.order_id}`, { headers: { authorization: `Bearer ${token}` } }, env);
    expect((await show()).status).toBe(404);
    const pay = await apiApp.request(
      `http://localhost${new URL(started.url).pathname.replace("/api", "")}`,
      { method: "POST", body: new URLSearchParams({ decision: "pay" }) },
      env,
    );
    expect(pay.status).toBe(303);
    expect((await history()).map((o) => o.id)).toContain(started.order_id);
    expect((await show()).status).toBe(200);
  });
});

describe("hosted payment sessions", { timeout: 30_000 }, () => {
  const sessionPath = (url: string) => `http://localhost${new URL(url).pathname.replace("/api", "")}`;
  const decide = (path: string, decision: "pay" | "cancel") => apiApp.request(path, { method: "POST", body: new URLSearchParams({ decision }) }, env);

  it("are decided once: 50 concurrent pays and cancels make one decision", async () => {
    const started = (await json(await payment(fresh()))).data;
    const path = sessionPath(started.url);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => decide(path, i % 2 ? "pay" : "cancel")));
    // Every answer, the winner's and the 49 that lost the race, goes where the one decision went.
    expect(statuses(answers).every((s) => s === 303)).toBe(true);
    const targets = new Set(answers.map((a) => a.headers.get("location")));
    expect(targets.size).toBe(1);
    const order = await ordersOf(SAFFRON_ID)
      .prepare("SELECT o.paid, o.status, s.status AS session FROM orders o JOIN payment_sessions s ON s.order_id = o.id WHERE o.id = ?")
      .bind(started.order_id)
      .first<{ paid: number; status: number; session: string }>();
    const paid = { paid: 1, status: 0, session: "paid", target: "http://localhost/saffron/1/orders?justOrdered=true" };
    const cancelled = { paid: 0, status: 3, session: "cancelled", target: "http://localhost/saffron/1/cart" };
    expect({ ...order, target: [...targets][0] }).toEqual(order!.paid ? paid : cancelled);
  });

  it("expire: an old session offers no Pay, leads back to the cart and can no longer be paid", async () => {
    const started = (await json(await payment(fresh()))).data;
    await ordersOf(SAFFRON_ID)
      .prepare("UPDATE payment_sessions SET expires_at = ? WHERE order_id = ?")
      .bind(Date.now() - 1, started.order_id)
      .run();
    const path = sessionPath(started.url);
    // No page with Pay any more: asked or paid, it sends the diner back to the cart (decision 0062).
    for (const res of [await apiApp.request(path, {}, env), await decide(path, "pay")]) {
      expect([res.status, res.headers.get("location")]).toEqual([303, "http://localhost/saffron/1/cart"]);
    }
    const after = await ordersOf(SAFFRON_ID)
      .prepare("SELECT o.paid, s.status FROM orders o JOIN payment_sessions s ON s.order_id = o.id WHERE o.id = ?")
      .bind(started.order_id)
      .first();
    expect(after).toEqual({ paid: 0, status: "open" });
  });

  it("do not exist without the demo providers: orderPayment is a clear 503, codes too", async () => {
    const production = { ...env, DEMO_PROVIDERS: "" };
    const started = (await json(await payment(fresh()))).data;
    const refused = await post(
      "/orderPayment",
      {
        domain: "saffron",
        branch_id: 1,
        items: JSON.stringify([{ product_id: product.id, amount: 1 }]),
        nameCustomer: "Omar",
        phoneCustomer: fresh().phone,
        success_url: "http://localhost/a",
        cancel_url: "http://localhost/b",
      },
      {},
      production,
    );
    expect(refused.status).toBe(503);
    expect(await json(refused)).toMatchObject({ errorCode: "payment_unavailable", message: expect.stringMatching(/not set up/) });
    const page = sessionPath(started.url);
    expect((await apiApp.request(page, {}, production)).status).toBe(404);
    expect((await apiApp.request(page, { method: "POST", body: new URLSearchParams({ decision: "pay" }) }, production)).status).toBe(404);
    const code = await post("/sendOtp", { domain: "saffron", branch_id: 1, name: "Sara", phone: fresh().phone }, {}, production);
    expect(code.status).toBe(503);
    expect((await json(code)).errorCode).toBe("sms_unavailable");
  });
});

describe("inputs of any size or shape", { timeout: 30_000 }, () => {
  let token: string;
  beforeAll(async () => {
    const who = await sentCode();
    token = (await json(await verify(who, who.code))).data.token;
  });
  const store = (items: unknown, extra: Record<string, unknown> = {}) =>
    post("/storeOrder", { domain: "saffron", branch_id: 1, items: JSON.stringify(items), ...extra }, { authorization: `Bearer ${token}` });

  it("100 distinct products, 50 choices on a line, or too many choices are 422s, never D1's parameter limit", async () => {
    const many = Array.from({ length: 100 }, (_, i) => ({ product_id: 900_000 + i, amount: 1 }));
    const distinct = await store(many);
    expect(distinct.status).toBe(422);
    const choices = await store([{ product_id: product.id, amount: 1, sub_option_id: Array.from({ length: 50 }, (_, i) => 800_000 + i) }]);
    expect(choices.status).toBe(422);
    expect(Object.keys((await json(choices)).errors)).toEqual(["items.0.sub_option_id"]);
    const tooMany = await store([{ product_id: product.id, amount: 1, sub_option_id: Array.from({ length: 101 }, (_, i) => i + 1) }]);
    expect(tooMany.status).toBe(422);
    const tooManyLines = await store(Array.from({ length: 101 }, () => ({ product_id: product.id, amount: 1 })));
    expect(tooManyLines.status).toBe(422);
  });

  it("a full cart of 100 lines is stored whole, items and choices in line order", async () => {
    const sub = (await catalogueRow<{ id: number; product_id: number }>(
      SAFFRON_ID,
      "SELECT s.id, o.product_id FROM sub_options s JOIN options o ON o.id = s.option_id JOIN products p ON p.id = o.product_id JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 1 AND p.hidden = 0 AND p.unavailable = 0 LIMIT 1",
    ))!;
    const lines = Array.from({ length: 100 }, (_, i) => ({
      product_id: sub.product_id,
      amount: (i % 3) + 1,
      sub_option_id: [sub.id],
      note: `line ${i}\nsecond row`,
    }));
    const res = await store(lines, { note: "all at once" });
    expect(res.status).toBe(200);
    const id = (await json(res)).data.order_id;
    const items = await ordersOf(SAFFRON_ID)
      .prepare(
        "SELECT i.amount, i.note, (SELECT count(*) FROM order_item_options o WHERE o.order_item_id = i.id) AS options FROM order_items i WHERE order_id = ? ORDER BY id",
      )
      .bind(id)
      .all<{ amount: number; note: string; options: number }>();
    expect(items.results.map((r) => [r.amount, r.note, r.options])).toEqual(lines.map((l) => [l.amount, l.note, 1]));
  });

  it("names and notes refuse control characters and bidi overrides (line breaks in notes are fine)", async () => {
    const name = await post("/sendOtp", { domain: "saffron", branch_id: 1, name: "Sara\u202Egnp.exe", phone: fresh().phone });
    expect(name.status).toBe(422);
    expect((await json(name)).errors.name).toEqual(["textInvalid"]);
    const note = await store([{ product_id: product.id, amount: 1 }], { note: "ring\u0007 the bell" });
    expect((await json(note)).errors.note).toEqual(["textInvalid"]);
    const itemNote = await store([{ product_id: product.id, amount: 1, note: "\u2066hidden\u2069" }]);
    expect(Object.keys((await json(itemNote)).errors)).toEqual(["items.0.note"]);
  });

  it("an order and its items are written together or not at all", async () => {
    const restaurant = (await env.DB.prepare("SELECT id FROM restaurants WHERE domain = 'saffron'").first<{ id: number }>())!.id;
    const phone = fresh().phone;
    // amount 0 breaks order_items' CHECK: the batch must leave no order without items behind.
    const broken = { product_id: product.id, name_en: "x", name_ar: "x", image: null, unit: 100, amount: 0, note: "", vat: 0, options: [] };
    await expect(
      restaurantCall(env, { id: restaurant }, "createOrder", {
        branch_id: 1,
        name: "Sara",
        phone,
        note: "",
        table_id: 1,
        pickup_at: null,
        payment: "otp",
        idempotency_key: null,
        lines: [broken],
        money: { currency: "AED", vatBp: 500, vat: 0, service: 0, tip: 0, total: 0 },
      }),
    ).rejects.toThrow();
    expect((await ordersOf(restaurant).prepare("SELECT count(*) AS n FROM orders WHERE phone = ?").bind(phone).first<{ n: number }>())!.n).toBe(0);
  });

  it("bodies over the limit are 413 before anything parses them, with a length or streamed", async () => {
    const big = JSON.stringify({ domain: "saffron", branch_id: 1, name: "Sara", phone: "0501234567", pad: "x".repeat(MAX_BODY_BYTES) });
    const declared = await exports.default.fetch("http://localhost/api/sendOtp", {
      method: "POST",
      body: big,
      headers: { "content-type": "application/json" },
    });
    expect(declared.status).toBe(413);
    const chunks = new TextEncoder().encode(big);
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < chunks.length; i += 64 * 1024) controller.enqueue(chunks.slice(i, i + 64 * 1024));
        controller.close();
      },
    });
    const streamed = await exports.default.fetch("http://localhost/api/sendOtp", {
      method: "POST",
      body: stream,
      headers: { "content-type": "application/json" },
    });
    expect(streamed.status).toBe(413);
    const form = await exports.default.fetch("http://localhost/saffron/1/cart", {
      method: "POST",
      body: new URLSearchParams({ intent: "send-code", items: "x".repeat(MAX_BODY_BYTES) }),
    });
    expect(form.status).toBe(413);
  });
});

describe("a failing database", { timeout: 30_000 }, () => {
  const broken = { ...env, DB: env.BROKEN_DB };
  const STACK = /D1_ERROR|no such table|\bat \S+ \(|\.[cm]?[jt]s:\d+:\d+/;

  it("is the API's friendly 503, without a stack trace", async () => {
    // The directory's row is read from D1 again (not the colo's cached copy), and D1 fails.
    await bumpTenantVersion(env, "saffron");
    for (const [path, body] of [
      ["/getBranch", { domain: "saffron" }],
      ["/sendOtp", { domain: "saffron", branch_id: 1, name: "Sara", phone: "0501234567" }],
    ] as const) {
      const res = await post(path, body, {}, broken);
      expect(res.status).toBe(503);
      const text = await res.text();
      expect(text).not.toMatch(STACK);
      expect(JSON.parse(text)).toMatchObject({ errorCode: "unavailable" });
    }
  });

  it("is the friendly 503 page for a diner", async () => {
    const ctx = createExecutionContext();
    const res = await worker.fetch(new Request("http://localhost/never-cached-restaurant"), broken, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(503);
    const html = await res.text();
    expect(html).toContain("The menu is taking a break");
    expect(html).not.toMatch(STACK);
  });
});
