// The ordering half of the embedded API: codes, tokens, pricing, idempotency, privacy, payment.
import { ordersOf, restaurantRows, SAFFRON_ID } from "./restaurant-rows";
import { catalogueRow, GRILL_ID } from "./catalogue";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, json } from "./helpers";
import { apiApp } from "../../worker/contract/catalogue";
import { toE164 } from "../../worker/rules/e164";

const call = apiCaller(0);
let phoneSeq = 0;
const newPhone = () => `050${String(Date.now() % 10_000).padStart(4, "0")}${String(++phoneSeq % 1000).padStart(3, "0")}`;

async function codeFor(phone: string): Promise<string> {
  const out = await json(await call(`/dev/outbox?phone=${phone}`));
  return /(\d{6})/.exec(out.data[0].body)![1]!;
}

async function tokenFor(phone: string, branch_id = 1) {
  expect((await call("/sendOtp", { domain: "saffron", branch_id, name: "Sara", phone })).status).toBe(200);
  const res = await call("/verifyOtp", { domain: "saffron", branch_id, name: "Sara", phone, otp_code: await codeFor(phone) });
  expect(res.status).toBe(200);
  return (await json(res)).data.token as string;
}

let product: { id: number; price: number; price_offer: number };
let sub: { id: number; price: number; product_id: number };
let hidden: number;
let grillProduct: number;

beforeAll(async () => {
  const inBranch = "FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 1";
  sub = (await catalogueRow<typeof sub>(
    SAFFRON_ID,
    `SELECT s.id, s.price_minor / 100.0 AS price, o.product_id FROM sub_options s JOIN options o ON o.id = s.option_id JOIN products p ON p.id = o.product_id JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 1 AND s.price_minor > 0 AND p.hidden = 0 AND p.unavailable = 0 LIMIT 1`,
  ))!;
  product = (await catalogueRow<typeof product>(
    SAFFRON_ID,
    `SELECT p.id, p.price_minor / 100.0 AS price, p.offer_minor / 100.0 AS price_offer ${inBranch} AND p.id = ?`,
    sub.product_id,
  ))!;
  hidden = (await catalogueRow<{ id: number }>(SAFFRON_ID, `SELECT p.id ${inBranch} AND p.hidden = 1`))!.id;
  grillProduct = (await catalogueRow<{ id: number }>(
    GRILL_ID,
    "SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 3",
  ))!.id;
});

describe("sendOtp and verifyOtp", () => {
  it("refuses a missing name and a bad phone with the spec's codes", async () => {
    const noName = await json(await call("/sendOtp", { domain: "saffron", branch_id: 1, name: " ", phone: "0501234567" }));
    expect(noName.errors.name).toBeDefined();
    const bad = await call("/sendOtp", { domain: "saffron", branch_id: 1, name: "Sara", phone: "12345" });
    expect(bad.status).toBe(422);
    expect((await json(bad)).errors.phone).toEqual(["phoneInvalid"]);
  });

  it("sends a 6-digit code stored hashed, verifies it once, and refuses reuse", async () => {
    const phone = newPhone();
    const sent = await json(await call("/sendOtp", { domain: "saffron", branch_id: 1, name: "Sara", phone }));
    expect(sent.data).toEqual({ expires_in: 600, resend_in: 60, phone: toE164(phone, "AE"), demo: true });
    const code = await codeFor(phone);
    const [stored] = await restaurantRows<{ code_hash: string }>(SAFFRON_ID, "SELECT code_hash FROM otp_codes WHERE phone = ?", toE164(phone, "AE"));
    expect(stored!.code_hash).not.toContain(code);
    expect(stored!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    const body = { domain: "saffron", branch_id: 1, name: "Sara", phone, otp_code: code };
    expect((await call("/verifyOtp", { ...body, otp_code: code === "000000" ? "111111" : "000000" })).status).toBe(422);
    const ok = await call("/verifyOtp", body);
    expect(ok.status).toBe(200);
    expect((await json(ok)).data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect((await call("/verifyOtp", body)).status).toBe(422); // single use
  });

  it("refuses an expired code", async () => {
    const phone = newPhone();
    await call("/sendOtp", { domain: "saffron", branch_id: 1, name: "Sara", phone });
    const code = await codeFor(phone);
    await restaurantRows(SAFFRON_ID, "UPDATE otp_codes SET expires_at = ? WHERE phone = ?", Date.now() - 1, toE164(phone, "AE"));
    expect((await call("/verifyOtp", { domain: "saffron", branch_id: 1, name: "Sara", phone, otp_code: code })).status).toBe(422);
  });

  it("locks a code after five wrong tries", async () => {
    const phone = newPhone();
    await call("/sendOtp", { domain: "saffron", branch_id: 1, name: "Sara", phone });
    const code = await codeFor(phone);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 5; i++) await call("/verifyOtp", { domain: "saffron", branch_id: 1, name: "Sara", phone, otp_code: wrong });
    expect((await call("/verifyOtp", { domain: "saffron", branch_id: 1, name: "Sara", phone, otp_code: code })).status).toBe(422);
  });

  it("limits sends: one a minute per phone, with retry_after", async () => {
    const phone = newPhone();
    expect((await call("/sendOtp", { domain: "saffron", branch_id: 1, name: "Sara", phone })).status).toBe(200);
    const again = await call("/sendOtp", { domain: "saffron", branch_id: 1, name: "Sara", phone });
    expect(again.status).toBe(429);
    const body = await json(again);
    expect(body.errorCode).toBe("rate_limited");
    expect(body.data.retry_after).toBeGreaterThan(50);
  });

  it("limits sends per IP at a restaurant: 40 codes nobody entered an hour", async () => {
    const headers = { "cf-connecting-ip": "192.0.2.77" };
    const statuses: number[] = [];
    for (let i = 0; i < 41; i++) statuses.push((await call("/sendOtp", { domain: "saffron", branch_id: 1, name: "Sara", phone: newPhone() }, headers)).status);
    expect(statuses.slice(0, 40).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("orders", () => {
  it("prices from the catalogue, ignores client prices, and one idempotency key makes one order", async () => {
    const phone = newPhone();
    const token = await tokenFor(phone);
    const items = JSON.stringify([{ product_id: product.id, amount: 2, sub_option_id: [sub.id], note: "hot", price: 0.01 }]);
    const form = () => {
      const f = new FormData();
      f.set("items", items);
      f.set("note", "table by the window");
      f.set("table_id", "7");
      f.set("branch_id", "1");
      f.set("domain", "saffron");
      return f;
    };
    const send = () =>
      apiApp.request("/storeOrder", { method: "POST", body: form(), headers: { authorization: `Bearer ${token}`, "idempotency-key": "checkout-1" } }, env);
    const [first, second] = await Promise.all([send(), send()]);
    const a = (await json(first)).data;
    const b = (await json(second)).data;
    expect(a.order_id).toBe(b.order_id);
    const unit = (product.price_offer > 0 ? product.price_offer : product.price) + sub.price;
    expect(a.price).toBeCloseTo(unit * 2, 2);
    const n = await ordersOf(SAFFRON_ID).prepare("SELECT count(*) AS n FROM orders WHERE phone = ?").bind(toE164(phone, "AE")).first<{ n: number }>();
    expect(n!.n).toBe(1);
  });

  it("rejects hidden, foreign and unknown products, and a sub-option of another product", async () => {
    const token = await tokenFor(newPhone());
    for (const items of [
      [{ product_id: hidden, amount: 1 }],
      [{ product_id: grillProduct, amount: 1 }],
      [{ product_id: 999999, amount: 1 }],
      [{ product_id: hidden === product.id ? grillProduct : hidden, amount: 1, sub_option_id: [sub.id] }],
    ]) {
      const res = await call("/storeOrder", { domain: "saffron", branch_id: 1, items: JSON.stringify(items) }, { authorization: `Bearer ${token}` });
      expect(res.status).toBe(422);
      expect(Object.keys((await json(res)).errors)[0]).toMatch(/^items\.0\./);
    }
    const bad = await call("/storeOrder", { domain: "saffron", branch_id: 1, items: "[]" }, { authorization: `Bearer ${token}` });
    expect(bad.status).toBe(422);
  });

  it("needs a valid token, and a token sees only its own phone's orders", async () => {
    expect((await call("/storeOrder", { domain: "saffron", branch_id: 1, items: "[]" })).status).toBe(401);
    const mine = await tokenFor(newPhone());
    const theirsPhone = newPhone();
    const theirs = await tokenFor(theirsPhone);
    const placed = await json(
      await call(
        "/storeOrder",
        { domain: "saffron", branch_id: 1, items: JSON.stringify([{ product_id: product.id, amount: 1 }]) },
        { authorization: `Bearer ${theirs}` },
      ),
    );
    const orderId = placed.data.order_id;
    expect((await call(`/order/show/${orderId}`, undefined, { authorization: `Bearer ${theirs}` })).status).toBe(200);
    expect((await call(`/order/show/${orderId}`, undefined, { authorization: `Bearer ${mine}` })).status).toBe(404);
    const list = await json(await call("/getOrder", { domain: "saffron", phoneCustomer: theirsPhone, all: 1 }, { authorization: `Bearer ${mine}` }));
    expect(list.data).toEqual([]);
    const own = await call("/getOrder", { domain: "saffron", phoneCustomer: theirsPhone, all: 0 }, { authorization: `Bearer ${theirs}` });
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    const orders = (await json(own)).data;
    expect(orders[0]).toMatchObject({ id: orderId, status: 0, orderProdeuct: [{ amount: 1, product: { id: product.id } }] });
  });

  it("lets the restaurant move the status, with its key only", async () => {
    const phone = newPhone();
    const token = await tokenFor(phone);
    const { data } = await json(
      await call(
        "/storeOrder",
        { domain: "saffron", branch_id: 1, items: JSON.stringify([{ product_id: product.id, amount: 1 }]) },
        { authorization: `Bearer ${token}` },
      ),
    );
    const key = await (await import("./restaurant-keys")).issueRestaurantKey("saffron");
    expect((await call("/orderStatus", { domain: "saffron", order_id: data.order_id, status: 1 }, { "x-restaurant-key": "wrong" })).status).toBe(401);
    expect((await call("/orderStatus", { domain: "saffron", order_id: data.order_id, status: 1 }, { "x-restaurant-key": key })).status).toBe(200);
    const shown = await json(await call(`/order/show/${data.order_id}`, undefined, { authorization: `Bearer ${token}` }));
    expect(shown.data.status).toBe(1);
  });

  it("refuses orders at a branch that does not take them", async () => {
    const res = await call("/orderPayment", {
      domain: "grill-house",
      branch_id: 3,
      items: JSON.stringify([{ product_id: grillProduct, amount: 1 }]),
      nameCustomer: "Ali",
      phoneCustomer: "0501234567",
      success_url: "http://localhost/x",
      cancel_url: "http://localhost/y",
    });
    expect(res.status).toBe(409);
    expect((await json(res)).errorCode).toBe("ordering_off");
  });
});

describe("hosted payment", () => {
  it("creates the order, serves the demo page and returns only to the same origin", async () => {
    const res = await call("/orderPayment", {
      domain: "saffron",
      branch_id: 1,
      items: JSON.stringify([{ product_id: product.id, amount: 1 }]),
      table_id: 4,
      nameCustomer: "Omar",
      phoneCustomer: "0509876543",
      success_url: "http://localhost/saffron/1/orders?justOrdered=true",
      cancel_url: "http://localhost/saffron/1/cart",
    });
    expect(res.status).toBe(200);
    const { data } = await json(res);
    // The number the order is under, in the contract's spelling (E.164 digits).
    expect(data.phone).toBe("971509876543");
    const url = new URL(data.url);
    expect(url.pathname).toMatch(/^\/api\/pay\/[A-Za-z0-9_-]+$/);
    const page = await apiApp.request(url.pathname.replace("/api", ""), {}, env);
    expect(await page.text()).toContain("Demo payment");
    const foreign = await apiApp.request(
      `http://evil.example${url.pathname.replace("/api", "")}`,
      { method: "POST", body: new URLSearchParams({ decision: "pay" }) },
      env,
    );
    expect(foreign.status).toBe(400);
    const paid = await apiApp.request(
      `http://localhost${url.pathname.replace("/api", "")}`,
      { method: "POST", body: new URLSearchParams({ decision: "pay" }) },
      env,
    );
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe("http://localhost/saffron/1/orders?justOrdered=true");
    const order = await ordersOf(SAFFRON_ID).prepare("SELECT paid, table_id FROM orders WHERE id = ?").bind(data.order_id).first();
    expect(order).toEqual({ paid: 1, table_id: 4 });
  });

  it("hides the outbox outside development and test", async () => {
    expect((await call("/dev/outbox?phone=0501234567", undefined, {}, { ...env, DEMO_PROVIDERS: "" })).status).toBe(404);
  });
});
