// Limits that cross restaurants (decision 0039): kept in one Durable Object per phone
// and one per client network, never one global object and never in D1. Bursts of 100 concurrent
// requests over many restaurants pass exactly what the limits allow; the objects touched are the
// phone's and the network's; a claim the network refuses is given back to the phone.
import { listDurableObjectIds, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { apiApp } from "../../worker/contract/catalogue";
import { addressTag } from "../../worker/rules/network-key";
import { claim, ledgerFor, LIMITS } from "../../worker/limits/claim";
import type { LimitLedger } from "../../worker/limits/ledger";
import { catalogueRow } from "./catalogue";
import { eventsIn, writeEvent } from "./limit-ledgers";
import { SAFFRON_ID } from "./restaurant-rows";

let seq = 0;
/** A UAE mobile nobody used yet, as typed and in E.164. */
function fresh() {
  seq += 1;
  const local = `56${String(Date.now() % 10_000).padStart(4, "0")}${String(seq).padStart(3, "0")}`;
  return { typed: `0${local}`, e164: `+971${local}` };
}
const network = (ip: string) => addressTag(new Request("http://x/", { headers: { "cf-connecting-ip": ip } }));
/** Address `i` of one /64 (each a different full IPv6 address). */
const inNetwork = (net: string, i: number) => `2001:db8:${net}:7:${(i + 1).toString(16)}:${((i * 7919) % 65_536).toString(16)}:0:1`;
const sendOtp = (domain: string, branch: number, phone: string, ip: string) =>
  apiApp.request(
    "/sendOtp",
    {
      method: "POST",
      body: JSON.stringify({ domain, branch_id: branch, name: "Sara", phone }),
      headers: { "content-type": "application/json", "cf-connecting-ip": ip },
    },
    env,
  );
const apiPost = (path: string, body: unknown, ip: string, token?: string) =>
  apiApp.request(
    path,
    {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", "cf-connecting-ip": ip, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    },
    env,
  );
const verifyOtp = (domain: string, who: { typed: string }, code: string, ip: string) =>
  apiPost("/verifyOtp", { domain, branch_id: 1, name: "Sara", phone: who.typed, otp_code: code }, ip);
const storeOrder = (token: string, dish: number, ip: string) =>
  apiPost("/storeOrder", { domain: "saffron", branch_id: 1, items: JSON.stringify([{ product_id: dish, amount: 1 }]) }, ip, token);
/** The code last texted to a phone (the demo outbox). */
const lastCode = async (e164: string) =>
  /(\d{6})/.exec((await env.DB.prepare("SELECT body FROM sms_outbox WHERE phone = ? ORDER BY id DESC LIMIT 1").bind(e164).first<string>("body"))!)![1]!;
const count = (answers: Response[], status: number) => answers.filter((r) => r.status === status).length;
const rule = (kind: keyof typeof LIMITS, by: "phone" | "network", windowS: number) => LIMITS[kind].find((r) => r.by === by && r.windowS === windowS)!.max;
/** The restaurants one network's unverified codes may spread over in an hour. */
const spread = LIMITS.otp.find((r) => r.distinct)!.max;

/** 50 restaurants, each with one branch that takes orders by SMS code. */
const RESTAURANTS = 50;
let shops: { domain: string; branch: number }[] = [];
beforeAll(async () => {
  shops = [];
  for (let i = 0; i < RESTAURANTS; i++) {
    const domain = `limits-shop-${i}`;
    const id = (await env.DB.prepare(
      "INSERT INTO restaurants (domain, name_en, name_ar, currency, country) VALUES (?, 'Shop', 'متجر', 'AED', 'AE') RETURNING id",
    )
      .bind(domain)
      .first<number>("id"))!;
    const branch = (await catalogueRow<{ id: number }>(
      id,
      "INSERT INTO branches (restaurant_id, name_en, name_ar, active_order, payment_mode) VALUES (?, 'B', 'ب', 1, 'otp') RETURNING id",
      id,
    ))!.id;
    shops.push({ domain, branch });
  }
});
afterEach(() => vi.useRealTimers());

const ids = async () => new Set((await listDurableObjectIds(env.LIMIT_LEDGER)).map((id) => id.toString()));
const idOf = (side: "phone" | "network", key: string) => env.LIMIT_LEDGER.idFromName(`${side} ${key}`).toString();

describe("limits in objects keyed by phone and by network", { timeout: 60_000 }, () => {
  it("one code touches exactly two objects: the phone's and the network's, none shared", async () => {
    const before = await ids();
    const who = fresh();
    const ip = "198.51.100.31";
    expect((await sendOtp(shops[0]!.domain, shops[0]!.branch, who.typed, ip)).status).toBe(200);
    const touched = [...(await ids())].filter((id) => !before.has(id));
    expect(touched.sort()).toEqual([idOf("phone", who.e164), idOf("network", network(ip))].sort());
    expect(await eventsIn("phone", who.e164, "otp")).toBe(1);
    expect(await eventsIn("network", network(ip), "otp")).toBe(1);
    // D1 keeps no limit tables.
    const tables = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('limit_events', 'phone_lockouts', 'signup_events')",
    ).all();
    expect(tables.results).toEqual([]);
  });

  it("100 concurrent codes for one phone from 100 addresses over 50 restaurants: exactly one is sent", async () => {
    const who = fresh();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => {
        const shop = shops[i % RESTAURANTS]!;
        return sendOtp(shop.domain, shop.branch, who.typed, `198.18.40.${i + 1}`);
      }),
    );
    expect(count(answers, 200)).toBe(rule("otp", "phone", 60));
    expect(count(answers, 429)).toBe(100 - rule("otp", "phone", 60));
    expect(await eventsIn("phone", who.e164, "otp")).toBe(1);
    // The refused claims left nothing behind in the networks' objects either.
    let networkEvents = 0;
    for (let i = 0; i < 100; i++) networkEvents += await eventsIn("network", network(`198.18.40.${i + 1}`), "otp");
    expect(networkEvents).toBe(1);
  });

  it("one phone gets 5 codes an hour in all, not 5 from each of 50 restaurants", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    let t = Date.UTC(2031, 0, 1, 12);
    const who = fresh();
    let sent = 0;
    // Every minute and a second, 50 concurrent sends of the phone's code, one from each restaurant, each from its own address.
    for (let round = 0; round < 8; round++) {
      vi.setSystemTime(t);
      const answers = await Promise.all(shops.map((shop, i) => sendOtp(shop.domain, shop.branch, who.typed, `198.18.${41 + round}.${i + 1}`)));
      expect(count(answers, 200) + count(answers, 429), `round ${round}`).toBe(RESTAURANTS);
      sent += count(answers, 200);
      t += 61_000;
    }
    expect(sent).toBe(rule("otp", "phone", 3600));
    expect(await eventsIn("phone", who.e164, "otp")).toBe(rule("otp", "phone", 3600));
    const texts = await env.DB.prepare("SELECT count(*) AS n FROM sms_outbox WHERE phone = ?").bind(who.e164).first<number>("n");
    expect(texts).toBe(rule("otp", "phone", 3600));
  });

  it("100 concurrent codes from 100 addresses of one IPv6 /64 to 100 phones over 50 restaurants: 5 restaurants' 2 each", async () => {
    const tag = network(inNetwork("d4", 0));
    const phones = Array.from({ length: 100 }, () => fresh());
    const answers = await Promise.all(
      phones.map((p, i) => {
        const shop = shops[i % RESTAURANTS]!;
        expect(network(inNetwork("d4", i))).toBe(tag);
        return sendOtp(shop.domain, shop.branch, p.typed, inNetwork("d4", i));
      }),
    );
    // Codes nobody entered spread over at most 5 restaurants an hour; each got 2 of the 100 numbers.
    const cap = 2 * spread;
    expect(count(answers, 200)).toBe(cap);
    expect(count(answers, 429)).toBe(100 - cap);
    expect(await eventsIn("network", tag, "otp")).toBe(cap);
    // Each refused phone had its claim given back: the phones' objects hold exactly the codes sent.
    let phoneEvents = 0;
    for (const p of phones) phoneEvents += await eventsIn("phone", p.e164, "otp");
    expect(phoneEvents).toBe(cap);
  });

  it("one IPv4 asking codes for 100 numbers over 50 restaurants, all at once: 5 restaurants' 2 each", async () => {
    const ip = "198.51.100.60";
    const phones = Array.from({ length: 100 }, () => fresh());
    const answers = await Promise.all(phones.map((p, i) => sendOtp(shops[i % RESTAURANTS]!.domain, shops[i % RESTAURANTS]!.branch, p.typed, ip)));
    expect(count(answers, 200)).toBe(2 * spread);
    expect(count(answers, 429)).toBe(100 - 2 * spread);
    expect(await eventsIn("network", network(ip), "otp")).toBe(2 * spread);
  });

  it("a carrier's shared address: diners who enter their codes at 20 restaurants in an hour are all served", async () => {
    const ip = "198.51.100.61";
    for (const shop of shops.slice(0, 20)) {
      const who = fresh();
      expect((await sendOtp(shop.domain, shop.branch, who.typed, ip)).status).toBe(200);
      expect((await verifyOtp(shop.domain, who, await lastCode(who.e164), ip)).status).toBe(200);
    }
    // Each code is still counted at its restaurant; entered, none of them counts in the spread.
    expect(await eventsIn("network", network(ip), "otp")).toBe(20);
  });

  it("100 diners of one restaurant on its one IPv4 each get a code and order within the hour, in waves of 25", { timeout: 120_000 }, async () => {
    const ip = "198.51.100.62";
    const dish = (await catalogueRow<{ id: number }>(
      SAFFRON_ID,
      "SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 1 AND p.hidden = 0 AND p.unavailable = 0 LIMIT 1",
    ))!.id;
    let ordered = 0;
    for (let wave = 0; wave < 4; wave++) {
      const diners = Array.from({ length: 25 }, () => fresh());
      const sent = await Promise.all(diners.map((who) => sendOtp("saffron", 1, who.typed, ip)));
      expect(sent.map((r) => r.status)).toEqual(Array(25).fill(200));
      const tokens = await Promise.all(
        diners.map(async (who) => (await (await verifyOtp("saffron", who, await lastCode(who.e164), ip)).json<{ data: { token: string } }>()).data.token),
      );
      const orders = await Promise.all(tokens.map((token) => storeOrder(token, dish, ip)));
      expect(orders.map((r) => r.status)).toEqual(Array(25).fill(200));
      ordered += orders.length;
    }
    expect(ordered).toBe(100);
  });

  it("a claim the network refuses is given back to the phone, which may claim at once from elsewhere", async () => {
    const full = network("198.51.100.40");
    const now = Date.now();
    // Unverified codes at as many restaurants as a network may spread over: a new restaurant is refused.
    for (let i = 0; i < spread; i++) expect((await claim(env, "otp", fresh().e164, full, now, 9000 + i)).ok).toBe(true);
    const who = fresh().e164;
    const refused = await claim(env, "otp", who, full, now, 9100);
    expect(refused).toEqual({ ok: false, retryAfter: 3600 });
    expect(await eventsIn("phone", who)).toBe(0);
    // Had the phone's event stayed, its one-a-minute rule would refuse this.
    const elsewhere = await claim(env, "otp", who, network("198.51.100.41"), now, 9100);
    expect(elsewhere.ok).toBe(true);
    // A claim that names no restaurant where the rules count per restaurant is a mistake, not a pass.
    await expect(claim(env, "otp", fresh().e164, full, now)).rejects.toThrow(/names its restaurant/);
  });

  it("100 concurrent claims, both sides near their caps: no object ever admits more than its limit, and the objects agree", async () => {
    // Order tries (payment): 5 per phone and 100 per network at one restaurant in 10 minutes, 70 of them
    // spent already. 10 phones x 10 tries from that network: the phones would pass 50, the network 30,
    // so phones' claims are given back under the race.
    const phones = Array.from({ length: 10 }, () => fresh().e164);
    const nets = [network("198.51.100.50")];
    const now = Date.now();
    const shop = 9200;
    for (let i = 0; i < rule("payment", "network", 600) - 30; i++) await writeEvent("network", nets[0]!, "payment", now - 1000, shop);
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => claim(env, "payment", phones[i % 10]!, nets[0]!, now, shop)));
    const admitted = results.filter((r) => r.ok).length;
    const perPhone = await Promise.all(phones.map((p) => eventsIn("phone", p, "payment")));
    const perNetwork = await Promise.all(nets.map((n) => eventsIn("network", n, "payment")));
    for (const n of perPhone) expect(n).toBeLessThanOrEqual(rule("payment", "phone", 600));
    for (const n of perNetwork) expect(n).toBeLessThanOrEqual(rule("payment", "network", 600));
    // Every admitted claim is one event on each side; every refused one left none.
    expect(perPhone.reduce((a, b) => a + b, 0)).toBe(admitted);
    expect(perNetwork.reduce((a, b) => a + b, 0)).toBe(admitted + rule("payment", "network", 600) - 30);
    expect(admitted).toBeGreaterThan(0);
    for (const r of results) if (!r.ok) expect(r.retryAfter).toBeGreaterThan(0);
  });

  it("an object's alarm clears events past every window and the lockout past its memory", async () => {
    const key = fresh().e164;
    const now = Date.now();
    await writeEvent("phone", key, "otp", now - 3 * 86_400_000);
    await writeEvent("phone", key, "otp", now - 1000);
    await runInDurableObject(ledgerFor(env, "phone", key), (_: LimitLedger, state) => {
      state.storage.sql.exec("INSERT INTO lockout (id, level, until) VALUES (1, 1, ?)", now - 8 * 86_400_000);
    });
    await runInDurableObject(ledgerFor(env, "phone", key), (_: LimitLedger, state) => state.storage.setAlarm(now));
    expect(await runDurableObjectAlarm(ledgerFor(env, "phone", key))).toBe(true);
    expect(await eventsIn("phone", key)).toBe(1);
    expect(
      await runInDurableObject(ledgerFor(env, "phone", key), (_: LimitLedger, state) => state.storage.sql.exec("SELECT count(*) AS n FROM lockout").one().n),
    ).toBe(0);
    // The event left keeps an alarm coming, for when it is past every window.
    expect(await runInDurableObject(ledgerFor(env, "phone", key), (_: LimitLedger, state) => state.storage.getAlarm())).toBeGreaterThan(now);
  });
});
