// What the site publishes itself: /send_message (the /chat test page) and an order's status change,
// received by a socket subscribed through the real ChannelHub; and who learns an order's channel.
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { catalogueRow } from "./catalogue";
import { apiCaller, json } from "./helpers";
import { CHAT_SOCKET_URL, connect } from "./realtime-socket";
import { issueRestaurantKey } from "./restaurant-keys";
import { SAFFRON_ID } from "./restaurant-rows";

let ip = 0;
const send = (message: string | null, headers: Record<string, string> = {}, host = "localhost") =>
  exports.default.fetch(`http://${host}/send_message${message === null ? "" : `?message=${encodeURIComponent(message)}`}`, {
    headers: { "cf-connecting-ip": `10.9.0.${++ip}`, ...headers },
  });

describe("GET /send_message", () => {
  it("publishes MessageSent on 'chat' to subscribed sockets, trimmed", async () => {
    const a = await connect(CHAT_SOCKET_URL);
    await a.subscribe("chat");
    const res = await send("  hello from a test  ");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await a.next()).toEqual({ event: "MessageSent", channel: "chat", data: JSON.stringify({ message: "hello from a test" }) });
  });

  it("refuses a missing, empty, too long or control-character message with 400, and publishes nothing", async () => {
    const a = await connect(CHAT_SOCKET_URL);
    await a.subscribe("chat");
    for (const bad of [null, "", "   ", "x".repeat(201), "a\u0000b", "line\nbreak", "\u202Eevil"]) {
      const res = await send(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(await res.json()).toHaveProperty("error");
    }
    expect((await send("x".repeat(200))).status).toBe(200); // the limit itself is fine
    expect((await a.next()).event).toBe("MessageSent");
    await a.expectNothingPending();
  });

  it("refuses browsers' cross-site requests, an 11th message from one address within 10 s, and restaurants' own hosts", async () => {
    expect((await send("hi", { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await send("hi", { "sec-fetch-site": "same-origin" })).status).toBe(200);
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await send(`n${i}`, { "cf-connecting-ip": "10.8.0.1" })).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    expect((await send("hi", {}, "menu.grillhouse.test")).status).toBe(404);
    expect((await exports.default.fetch("http://menu.grillhouse.test/chat")).status).toBe(404);
  });

  it("serves /chat on the site's own host", async () => {
    const res = await exports.default.fetch("http://localhost/chat?lng=ar");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("اختبار الوقت الفعلي");
    expect(html).not.toContain("menu-local-key"); // the page fetches its config; nothing baked in
  });
});

// The embedded API, as the ordering tests call it.
const call = apiCaller(7);
let seq = 0;
const newPhone = () => `0509${String(Date.now() % 10_000).padStart(4, "0")}${String(++seq % 100).padStart(2, "0")}`;

/** A token, an order and the order as its owner's getOrder shows it. */
async function placeOrder() {
  const phone = newPhone();
  const product = (await catalogueRow<{ id: number }>(
    SAFFRON_ID,
    "SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 1 AND p.hidden = 0 AND p.unavailable = 0 LIMIT 1",
  ))!;
  expect((await call("/sendOtp", { domain: "saffron", branch_id: 1, name: "Sara", phone })).status).toBe(200);
  const outbox = await json(await call(`/dev/outbox?phone=${phone}`));
  const code = /(\d{6})/.exec(outbox.data[0].body)![1]!;
  const token = (await json(await call("/verifyOtp", { domain: "saffron", branch_id: 1, name: "Sara", phone, otp_code: code }))).data.token as string;
  const stored = await json(
    await call(
      "/storeOrder",
      { domain: "saffron", branch_id: 1, items: JSON.stringify([{ product_id: product.id, amount: 1 }]) },
      { authorization: `Bearer ${token}` },
    ),
  );
  const [order] = (await json(await call("/getOrder", { domain: "saffron", phoneCustomer: phone, all: 0 }, { authorization: `Bearer ${token}` }))).data;
  expect(order.id).toBe(stored.data.order_id);
  return { phone, token, id: order.id as number, publicId: order.public_id as string };
}

describe("live order status", () => {
  it("gives every order an unguessable public id", async () => {
    const a = await placeOrder();
    const b = await placeOrder();
    expect(a.publicId).toMatch(/^[0-9a-f]{32}$/);
    expect(b.publicId).not.toBe(a.publicId);
  });

  it("publishes the new status on the order's own channel when the restaurant changes it", async () => {
    const order = await placeOrder();
    const other = await placeOrder();
    const diner = await connect();
    await diner.subscribe(`order-${order.publicId}`);
    const stranger = await connect();
    await stranger.subscribe(`order-${other.publicId}`);
    const key = await issueRestaurantKey("saffron");
    const moved = await call("/orderStatus", { domain: "saffron", order_id: order.id, status: 1 }, { "x-restaurant-key": key });
    expect(moved.status).toBe(200);
    expect(await diner.next()).toEqual({ event: "status", channel: `order-${order.publicId}`, data: JSON.stringify({ order_id: order.id, status: 1 }) });
    await stranger.expectNothingPending();
    // A refused call publishes nothing.
    expect((await call("/orderStatus", { domain: "saffron", order_id: order.id, status: 3 }, { "x-restaurant-key": "wrong" })).status).toBe(401);
    await diner.expectNothingPending();
  });

  it("tells the order's channel to its owner's orders screen only", async () => {
    const order = await placeOrder();
    const other = await placeOrder();
    const page = (owner: { token: string; phone: string }) =>
      exports.default.fetch("http://localhost/saffron/1/orders", { headers: { cookie: `tokenOrder1=${owner.token}.${owner.phone}` } }).then((r) => r.text());
    const mine = await page(order);
    expect(mine).toContain(`order-${order.publicId}`);
    expect(mine).not.toContain(other.publicId);
    expect(mine).not.toContain(order.phone);
    // Someone else's token with this phone in the cookie: the API answers nothing, so no channel.
    expect(await page({ token: other.token, phone: order.phone })).not.toContain(order.publicId);
    expect(await exports.default.fetch("http://localhost/saffron/1/orders").then((r) => r.text())).not.toMatch(/order-[0-9a-f]{32}/);
  });
});
