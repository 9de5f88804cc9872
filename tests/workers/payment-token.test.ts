// A paid hosted payment ends in an order the diner can follow, without the payment granting the
// phone's history: POST /api/paymentToken exchanges a paid session once for a token scoped to that
// order, and the orders screen's loader does the exchange on the success return.
import { ordersOf, restaurantRows, SAFFRON_ID } from "./restaurant-rows";
import { catalogueRow } from "./catalogue";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../app/context";
import { orderTokenCookie } from "../../app/lib/order-token.server";
import { VisitTracker } from "../../app/lib/visits.server";
import { loadOrders } from "../../app/routes/tenant/orders.server";
import { apiApp } from "../../worker/contract/catalogue";
import { toE164 } from "../../worker/rules/e164";
import { EXCHANGE_GRACE_MS } from "../../worker/providers/payments";
import { restaurantObject } from "../../worker/restaurant/stub";
import { createOrdering } from "../../worker/upstream/ordering";
import { ServerTimings } from "../../worker/upstream/timing";
import { testUpstream } from "./helpers";

let seq = 0;
/** A phone and an address no other test uses (limits count per phone and per address). */
const fresh = () => {
  seq += 1;
  return { phone: `055${String(Date.now() % 10_000).padStart(4, "0")}${String(seq % 1000).padStart(3, "0")}`, ip: `203.0.114.${seq % 250}` };
};
type Who = ReturnType<typeof fresh>;
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  apiApp.request(path, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", ...headers } }, env);
const json = async (res: Response) => (await res.json()) as any;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const exchange = (session: string, domain = "saffron") => post("/paymentToken", { domain, session });

let product: number;
beforeAll(async () => {
  product = (await catalogueRow<{ id: number }>(
    SAFFRON_ID,
    "SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 1 AND p.hidden = 0 AND p.unavailable = 0 LIMIT 1",
  ))!.id;
});

/** Starts a payment; the session is read from the pay page's URL. */
async function started(who: Who, successUrl = "http://localhost/saffron/1/orders?paid={CHECKOUT_SESSION_ID}") {
  const res = await post(
    "/orderPayment",
    {
      domain: "saffron",
      branch_id: 1,
      items: JSON.stringify([{ product_id: product, amount: 1 }]),
      nameCustomer: "Omar",
      phoneCustomer: who.phone,
      success_url: successUrl,
      cancel_url: "http://localhost/saffron/1/cart?cancelled=true",
    },
    { "cf-connecting-ip": who.ip },
  );
  expect(res.status).toBe(200);
  const data = (await json(res)).data as { url: string; order_id: number };
  return { order_id: data.order_id, session: new URL(data.url).pathname.split("/").pop()! };
}
const decide = (session: string, decision: "pay" | "cancel") =>
  apiApp.request(`http://localhost/pay/${session}`, { method: "POST", body: new URLSearchParams({ decision }) }, env);
async function paid(who: Who) {
  const s = await started(who);
  expect((await decide(s.session, "pay")).status).toBe(303);
  return s;
}
/** A phone token, earned with the SMS code, and an order stored with it. */
async function verifiedOrder(who: Who) {
  expect((await post("/sendOtp", { domain: "saffron", branch_id: 1, name: "Sara", phone: who.phone }, { "cf-connecting-ip": who.ip })).status).toBe(200);
  const body = (await env.DB.prepare("SELECT body FROM sms_outbox WHERE phone = ? ORDER BY id DESC").bind(toE164(who.phone, "AE")).first<{ body: string }>())!
    .body;
  const token = (
    await json(
      await post(
        "/verifyOtp",
        { domain: "saffron", branch_id: 1, name: "Sara", phone: who.phone, otp_code: /(\d{6})/.exec(body)![1] },
        { "cf-connecting-ip": who.ip },
      ),
    )
  ).data.token as string;
  const stored = await post(
    "/storeOrder",
    { domain: "saffron", branch_id: 1, items: JSON.stringify([{ product_id: product, amount: 1 }]) },
    { ...bearer(token), "cf-connecting-ip": who.ip },
  );
  expect(stored.status).toBe(200);
  return { token, order_id: (await json(stored)).data.order_id as number };
}
const history = async (token: string, phone: string) =>
  ((await json(await post("/getOrder", { domain: "saffron", phoneCustomer: phone, all: 1 }, bearer(token)))).data as { id: number }[]).map((o) => o.id);
const show = (token: string, id: number) => apiApp.request(`/order/show/${id}`, { headers: bearer(token) }, env);

describe("POST /paymentToken", { timeout: 30_000 }, () => {
  it("the demo provider puts the session into success_url, so the return names it", async () => {
    const s = await started(fresh());
    const pay = await decide(s.session, "pay");
    expect(pay.headers.get("location")).toBe(`http://localhost/saffron/1/orders?paid=${s.session}`);
  });

  it("refuses an unknown, malformed, cancelled or expired session, and another restaurant's", async () => {
    const refused = async (session: string, domain?: string) => {
      const res = await exchange(session, domain);
      expect(res.status, session).toBe(422);
    };
    await refused("unknownSession0123456789");
    await refused("{CHECKOUT_SESSION_ID}");
    const cancelled = await started(fresh());
    expect((await decide(cancelled.session, "cancel")).status).toBe(303);
    await refused(cancelled.session);
    const expired = await started(fresh());
    await ordersOf(SAFFRON_ID)
      .prepare("UPDATE payment_sessions SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1, expired.session)
      .run();
    await refused(expired.session);
    // Paid, but returned long after the session ended.
    const late = await paid(fresh());
    await ordersOf(SAFFRON_ID)
      .prepare("UPDATE payment_sessions SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - EXCHANGE_GRACE_MS - 1, late.session)
      .run();
    await refused(late.session);
    // Paid at saffron, exchanged at another restaurant.
    const elsewhere = await paid(fresh());
    await refused(elsewhere.session, "grill-house");
    for (const id of [SAFFRON_ID, 2]) {
      expect(
        await restaurantRows(
          id,
          "SELECT order_id FROM order_tokens WHERE order_id IN (?, ?, ?, ?)",
          cancelled.order_id,
          expired.order_id,
          late.order_id,
          elsewhere.order_id,
        ),
      ).toEqual([]);
    }
  });

  it("exchanges a session still open (the success return before the provider's word): its token reads the order, unpaid", async () => {
    const who = fresh();
    const s = await started(who);
    const res = await exchange(s.session);
    expect(res.status).toBe(200);
    const granted = (await json(res)).data as { token: string };
    const orders = (await json(await post("/getOrder", { domain: "saffron", phoneCustomer: who.phone, all: 1 }, bearer(granted.token)))).data as {
      id: number;
      paid: number;
    }[];
    expect(orders).toMatchObject([{ id: s.order_id, paid: 0 }]);
    // The phone's history does not show it: paying proves nothing about the phone, and it is not paid.
    const phoneToken = (await verifiedOrder(who)).token;
    expect(await history(phoneToken, who.phone)).not.toContain(s.order_id);
  });

  it("gives a paid session a token that reads that order only: not the phone's other orders, and it cannot order", async () => {
    const who = fresh();
    const verified = await verifiedOrder(who);
    const earlier = await paid(who);
    const s = await paid(who);
    const res = await exchange(s.session);
    expect(res.status).toBe(200);
    const granted = (await json(res)).data as { token: string; phone: string; order_id: number };
    // The contract's spelling of the number the order is under: E.164 digits, whatever was typed.
    expect(granted).toMatchObject({ phone: toE164(who.phone, "AE")!.slice(1), order_id: s.order_id });
    expect(await history(granted.token, who.phone)).toEqual([s.order_id]);
    expect((await show(granted.token, s.order_id)).status).toBe(200);
    expect((await show(granted.token, earlier.order_id)).status).toBe(404);
    expect((await show(granted.token, verified.order_id)).status).toBe(404);
    const order = await post(
      "/storeOrder",
      { domain: "saffron", branch_id: 1, items: JSON.stringify([{ product_id: product, amount: 1 }]) },
      bearer(granted.token),
    );
    expect(order.status).toBe(401);
    // The phone token still reads the whole history, the paid orders included.
    expect(await history(verified.token, who.phone)).toEqual([s.order_id, earlier.order_id, verified.order_id]);
  });

  it("works once: 50 concurrent exchanges of one paid session give one token, and a later one none", async () => {
    const s = await paid(fresh());
    const answers = await Promise.all(Array.from({ length: 50 }, () => exchange(s.session)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(49);
    expect((await exchange(s.session)).status).toBe(422);
    expect(await restaurantRows(SAFFRON_ID, "SELECT order_id FROM order_tokens WHERE order_id = ?", s.order_id)).toEqual([{ order_id: s.order_id }]);
  });

  it("the token it grants goes on the object's alarm, which clears it once expired", async () => {
    const saffron = restaurantObject(env, { id: SAFFRON_ID });
    // No alarm left from earlier codes or tokens: only this exchange can set one.
    await runInDurableObject(saffron, (_instance, state) => state.storage.deleteAlarm());
    const s = await paid(fresh());
    expect((await exchange(s.session)).status).toBe(200);
    expect(await runInDurableObject(saffron, (_instance, state) => state.storage.getAlarm())).not.toBeNull();
    await runInDurableObject(saffron, (_instance, state) =>
      state.storage.sql.exec("UPDATE order_tokens SET expires_at = ? WHERE order_id = ?", Date.now() - 1, s.order_id),
    );
    expect(await runDurableObjectAlarm(saffron)).toBe(true);
    expect(await restaurantRows(SAFFRON_ID, "SELECT order_id FROM order_tokens WHERE order_id = ?", s.order_id)).toEqual([]);
  });
});

// The orders screen's loader over the embedded API (or a backend without the call).
const ctx = { waitUntil() {}, passThroughOnException() {} } as unknown as ExecutionContext;
function context(withoutCall = false) {
  const ordering = createOrdering(
    {
      baseUrl: "http://embedded.api",
      imageBase: "/storage/",
      timeoutMs: 2000,
      fetch: async (input, init) => {
        const request = new Request(input, init);
        if (withoutCall && new URL(request.url).pathname === "/paymentToken") return new Response('{"message":"Not Found"}', { status: 404 });
        return apiApp.fetch(request, env, ctx);
      },
    },
    new ServerTimings(),
    "198.51.100.9",
  );
  const c = new RouterContextProvider();
  c.set(appContext, {
    env,
    ctx,
    nonce: "n",
    host: { kind: "app" },
    upstream: testUpstream({ version: "payment-token" }).upstream,
    ordering,
    visits: new VisitTracker(new Request("http://localhost/")),
    pageCookies: { language: "en", theme: null, orderBranches: new Set<number>(), view: "grid2", shareable: true },
  });
  return c;
}
const cookieName = orderTokenCookie(new URL("http://localhost/"), 1);
/** The loader's answer: a redirect (thrown) or its data. */
async function load(path: string, cookie?: string, withoutCall = false) {
  const request = new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });
  try {
    return { data: ((await loadOrders(request, context(withoutCall), { domain: "saffron", branchId: "1" })) as unknown as { data: any }).data, redirect: null };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { data: null, redirect: thrown };
  }
}
const setCookieValue = (res: Response) => /^[^=]+=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1] ?? null;

describe("the orders screen after a hosted payment", { timeout: 30_000 }, () => {
  it("exchanges the session, stores the order-scoped token, and shows that order once on the clean URL", async () => {
    const who = fresh();
    const s = await paid(who);
    const back = await load(`/saffron/1/orders?paid=${s.session}`);
    expect(back.redirect!.status).toBe(302);
    expect(back.redirect!.headers.get("location")).toBe(`/saffron/1/orders?justOrdered=true&order=${s.order_id}`);
    expect(back.redirect!.headers.get("cache-control")).toBe("private, no-store");
    expect(back.redirect!.headers.get("set-cookie")).toMatch(/HttpOnly/);
    const value = setCookieValue(back.redirect!)!;
    expect(value.endsWith(`.${toE164(who.phone, "AE")!.slice(1)}`)).toBe(true);
    const screen = await load(`/saffron/1/orders?justOrdered=true&order=${s.order_id}`, `${cookieName}=${value}`);
    expect(screen.data).toMatchObject({ signedIn: true, justOrdered: true, paidOrder: s.order_id });
    expect(screen.data.orders.map((o: { id: number }) => o.id)).toEqual([s.order_id]);
    expect(screen.data.orders[0].channel).toMatch(/^order-[0-9a-f]{32}$/);
    // Reloading the return exchanges nothing more: the plain list, no thanks, no new cookie.
    const again = await load(`/saffron/1/orders?paid=${s.session}`, `${cookieName}=${value}`);
    expect(again.redirect!.headers.get("location")).toBe("/saffron/1/orders");
    expect(again.redirect!.headers.get("set-cookie")).toBeNull();
  });

  it("keeps a phone token the diner already holds for that phone (it reads more), and replaces another", async () => {
    const who = fresh();
    const verified = await verifiedOrder(who);
    const s = await paid(who);
    const kept = await load(`/saffron/1/orders?paid=${s.session}`, `${cookieName}=${verified.token}.${who.phone}`);
    expect(kept.redirect!.headers.get("location")).toBe(`/saffron/1/orders?justOrdered=true&order=${s.order_id}`);
    expect(kept.redirect!.headers.get("set-cookie")).toBeNull();
    const other = fresh();
    const otherToken = (await verifiedOrder(other)).token;
    const s2 = await paid(who);
    const replaced = await load(`/saffron/1/orders?paid=${s2.session}`, `${cookieName}=${otherToken}.${other.phone}`);
    expect(setCookieValue(replaced.redirect!)?.endsWith(`.${toE164(who.phone, "AE")!.slice(1)}`)).toBe(true);
  });

  it("a refused session leads to the plain list; a backend without the call to the thanks, unconfirmed", async () => {
    const refused = await load("/saffron/1/orders?paid=unknownSession0123456789");
    expect(refused.redirect!.headers.get("location")).toBe("/saffron/1/orders");
    const s = await paid(fresh());
    const external = await load(`/saffron/1/orders?paid=${s.session}`, undefined, true);
    expect(external.redirect!.headers.get("location")).toBe("/saffron/1/orders?justOrdered=true");
    expect(external.redirect!.headers.get("set-cookie")).toBeNull();
    const screen = await load("/saffron/1/orders?justOrdered=true");
    expect(screen.data).toMatchObject({ signedIn: false, justOrdered: true, paidOrder: null, orders: [] });
  });
});

describe("the orders screen never contradicts itself (rendered by the whole worker)", { timeout: 30_000 }, () => {
  const page = async (path: string, cookie?: string) => {
    const res = await exports.default.fetch(`http://localhost${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
    const text = res.status === 200 ? await res.text() : "";
    // What the screen shows: its <main> (the page's data also carries the screen's strings, every one of them).
    return { res, html: /<main[\s\S]*?<\/main>/.exec(text)?.[0] ?? "" };
  };

  it("the thanks with no order to show says it will appear, never 'You have no orders yet'", async () => {
    const thanks = await page("/saffron/1/orders?justOrdered=true");
    expect(thanks.html).toContain("Thank you! Your order has been placed.");
    expect(thanks.html).toContain("will appear here");
    expect(thanks.html).not.toContain("You have no orders yet");
    const plain = await page("/saffron/1/orders");
    expect(plain.html).toContain("You have no orders yet");
    expect(plain.html).not.toContain("Thank you!");
  });

  it("the success return through the site: the exchange, its cookie, then the paid order with the thanks", async () => {
    const s = await paid(fresh());
    const back = await page(`/saffron/1/orders?paid=${s.session}`);
    expect(back.res.status).toBe(302);
    const cookie = /^[^;]+/.exec(back.res.headers.get("set-cookie") ?? "")![0];
    const screen = await page(back.res.headers.get("location")!, cookie);
    expect(screen.res.headers.get("cache-control")).toBe("private, no-store");
    expect(screen.html).toContain("Thank you! Your order has been placed.");
    expect(screen.html).toContain(`data-order-id="${s.order_id}"`);
    expect(screen.html).not.toContain("You have no orders yet");
  });
});
