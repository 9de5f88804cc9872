// Tap refunds and connecting a restaurant's own Tap key (docs/decisions/0076), against Tap's stand-in: a
// cancelled Tap-paid order is refunded once under 20 concurrent cancels (PENDING, then REFUNDED when
// re-read); a refused key is recorded with Tap's words and never replaces a working one; forgetting it
// stops Tap; the key is never in an answer, the data file, or a console line.
import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { orderRestaurant } from "../../worker/directory/order-restaurants";
import * as v from "valibot";
import { TapForm, tapPayments } from "../../worker/console/payments";
import { connectTap, forgetTap } from "../../worker/providers/tap/connect";
import { refundProvider } from "../../worker/providers/refunds";
import { cardPayments } from "../../worker/providers/card-payments";
import { moveOrder } from "../../worker/restaurant/move-order";
import { writeExport } from "../../worker/restaurant/data-file";
import { readCharge } from "../../worker/providers/tap-stand-in/state";
import { consolePost, seedMember } from "./console-members";
import { ordersOf } from "./restaurant-rows";
import { chargeOf, checkout, site, tapRestaurant } from "./tap-restaurant";

const CANCELED = 3;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("Tap refunds and connection", { timeout: 60_000 }, () => {
  it("refunds a cancelled Tap-paid order once under 20 concurrent cancels, for its total", async () => {
    const r = await tapRestaurant("KW", 3870);
    const restaurant = (await orderRestaurant(env.DB, r.id))!;
    const { url, order_id } = await checkout(r);
    await site(url, { method: "POST", body: new URLSearchParams({ decision: "pay", method: "knet" }) });
    const moves = await Promise.all(Array.from({ length: 20 }, () => moveOrder(env, restaurant, order_id, CANCELED, refundProvider(env, restaurant))));
    expect(moves.every((m) => m.ok)).toBe(true);
    expect(moves.filter((m) => m.ok && m.refund).map((m) => m.ok && m.refund)).toEqual([
      { status: "succeeded", amount: 3870, currency: "KWD", provider: "tap" },
    ]);
    const refund = await ordersOf(r.id)
      .prepare("SELECT status, provider, amount, attempts, provider_id FROM refunds WHERE order_id = ?")
      .bind(order_id)
      .first<{ provider_id: string }>();
    expect(refund).toMatchObject({ status: "succeeded", provider: "tap", amount: 3870, attempts: 1 });
    expect(refund!.provider_id).toMatch(/^re_/);
    // Tap refunded it once, in full.
    expect((await readCharge(env.HOSTS, chargeOf(url)))!.refunded).toBe(3870);
    // A second cancel refunds nothing more.
    await moveOrder(env, restaurant, order_id, CANCELED, refundProvider(env, restaurant));
    expect((await readCharge(env.HOSTS, chargeOf(url)))!.refunded).toBe(3870);
  });

  it("records a refused key with Tap's words, keeps a working one, forgets it on request, and never shows, logs or exports it", async () => {
    const lines: string[] = [];
    for (const method of ["log", "error", "warn", "info"] as const)
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
    const r = await tapRestaurant("SA", 2000);
    const tenant = { id: r.id, country: "SA" };
    const answers: unknown[] = [await tapPayments(env, tenant)];
    expect(answers[0]).toMatchObject({ available: true, demo: true, state: "active", live: false, message: null });
    const sealed = (await ordersOf(r.id).prepare("SELECT key_sealed FROM tap_account").first<{ key_sealed: string }>())!.key_sealed;
    expect(sealed).toMatch(/^[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/);
    // A mistyped key: refused by Tap (the stand-in's 401), the working one stays.
    const wrong = await connectTap(env, tenant, "sk_test_notdemo1234567");
    answers.push(wrong);
    expect(wrong).toMatchObject({ ok: false, problem: "refused", tap: { state: "active" } });
    const restaurant = (await orderRestaurant(env.DB, r.id))!;
    expect("provider" in (await cardPayments(env, restaurant)) && (await cardPayments(env, restaurant))).toMatchObject({ provider: { name: "tap" } });
    const { url } = await checkout(r);
    expect(url).toContain("/api/tap-demo/chg_");
    // The data file holds no Tap account, not even sealed.
    const { dump } = await writeExport(env, restaurant);
    const file = JSON.stringify(dump);
    expect(dump.tables.tap_account).toEqual([]);
    expect(dump.left_out).toContain("tap_account");
    // Forgotten: no Tap for its diners (the demo page instead, the demo providers being on here).
    answers.push(await forgetTap(env, tenant));
    expect(answers.at(-1)).toMatchObject({ state: "none" });
    expect(await cardPayments(env, restaurant)).toMatchObject({ provider: { name: "demo" } });
    // Without the deploy's secret, a key cannot be connected or used.
    const noSecret = { ...env, TAP_KEY_SECRET: undefined };
    answers.push(await connectTap(noSecret, tenant, r.key));
    expect(answers.at(-1)).toMatchObject({ ok: false, problem: "unconfigured", tap: { available: false } });
    // Refused first (none active): recorded with Tap's words.
    answers.push(await connectTap(env, tenant, "sk_test_notdemo1234567"));
    expect(answers.at(-1)).toMatchObject({
      ok: false,
      problem: "refused",
      tap: { state: "refused", message: expect.stringContaining("Authentication failed") },
    });
    expect(await cardPayments(env, restaurant)).toMatchObject({ provider: { name: "demo" } });
    // A restaurant outside Tap's countries here is refused.
    answers.push(await connectTap(env, { id: r.id, country: "AE" }, r.key));
    expect(answers.at(-1)).toMatchObject({ ok: false, problem: "country" });
    for (const text of [JSON.stringify(answers), file, lines.join("\n")]) {
      expect(text).not.toContain(r.key);
      expect(text).not.toContain("sk_test_notdemo1234567");
      expect(text).not.toContain(sealed);
    }
  });
});

describe("the payment settings' form", () => {
  it("takes a connect with a Tap secret key or a forget, and names what is wrong otherwise", () => {
    expect(v.safeParse(TapForm, { intent: "connect", secret_key: " sk_live_AbC123xyz789 " }).output).toEqual({
      intent: "connect",
      secret_key: "sk_live_AbC123xyz789",
    });
    expect(v.safeParse(TapForm, { intent: "forget" }).success).toBe(true);
    for (const key of ["pk_live_AbC123xyz789", "sk_live_short", "sk_prod_AbC123xyz789", "sk_live_AbC 123xyz789", ""]) {
      const parsed = v.safeParse(TapForm, { intent: "connect", secret_key: key });
      expect(parsed.success, key).toBe(false);
      expect(
        parsed.issues?.map((i) => i.message),
        key,
      ).toEqual(["secret_key"]);
    }
    expect(v.safeParse(TapForm, { intent: "steal" }).success).toBe(false);
    expect(v.safeParse(TapForm, null).success).toBe(false);
  });
});

describe("/console/payments, through the whole worker", () => {
  it("shows the owner the state and DEMO, connects and forgets; 403 to a manager and staff; a bad key 422, a bad form 400; the key never in a page", async () => {
    const r = await tapRestaurant("KW", 1940);
    const [owner, manager, staff] = [await seedMember(r.id, "owner"), await seedMember(r.id, "manager"), await seedMember(r.id, "staff", [r.branch])];
    const page = await (await exports.default.fetch("http://localhost/console/payments?lng=en", { headers: { cookie: owner.cookie } })).text();
    expect(page).toContain('data-state="active"');
    expect(page).toContain("DEMO");
    for (const who of [manager, staff]) {
      expect((await exports.default.fetch("http://localhost/console/payments", { headers: { cookie: who.cookie } })).status).toBe(403);
      expect((await consolePost("/console/payments", who.cookie, { intent: "forget" })).status).toBe(403);
    }
    expect((await consolePost("/console/payments", owner.cookie, { intent: "connect", secret_key: "pk_test_nope" })).status).toBe(422);
    expect((await consolePost("/console/payments", owner.cookie, { intent: "steal" })).status).toBe(400);
    // Tap refusing a well-formed key: 422, the working one kept.
    const refused = await consolePost("/console/payments", owner.cookie, { intent: "connect", secret_key: "sk_test_notdemo1234567" });
    expect(refused.status).toBe(422);
    expect(await refused.text()).not.toContain("sk_test_notdemo1234567");
    expect((await tapPayments(env, { id: r.id, country: "KW" })).state).toBe("active");
    expect((await consolePost("/console/payments", owner.cookie, { intent: "forget" })).status).toBe(200);
    expect((await tapPayments(env, { id: r.id, country: "KW" })).state).toBe("none");
    const again = await consolePost("/console/payments", owner.cookie, { intent: "connect", secret_key: r.key });
    expect(again.status).toBe(200);
    const after = await (await exports.default.fetch("http://localhost/console/payments?lng=ar", { headers: { cookie: owner.cookie } })).text();
    expect(after).toContain('data-state="active"');
    for (const text of [await again.text(), after]) expect(text).not.toContain(r.key);
  });
});
