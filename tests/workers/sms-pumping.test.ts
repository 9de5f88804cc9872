// An SMS pumper against every code that costs a text (docs/decisions/0036): limits keyed on the
// client's network (an IPv6 client by its /64), a restaurant's daily budget that concurrent sends never
// pass, a phone's console lockout that doubles, and a sign-in answer that cannot tell members apart.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { ensurePerson } from "../../worker/directory/people";
import { sendSignInCode } from "../../worker/console/sign-in";
import { apiApp } from "../../worker/contract/catalogue";
import { claim, LOCKOUT } from "../../worker/limits/claim";
import { TWILIO_TIMEOUT_MS } from "../../worker/providers/twilio";
import { addressTag } from "../../worker/rules/network-key";
import { TWILIO_STAND_IN_TOKEN } from "../stand-ins/twilio";
import { catalogueRow } from "./catalogue";
import { eventsIn } from "./limit-ledgers";

const ORIGIN = "http://localhost";
let seq = 0;
/** A UAE mobile nobody used yet, as typed and in E.164. */
function fresh() {
  seq += 1;
  const local = `54${String(Date.now() % 10_000).padStart(4, "0")}${String(seq).padStart(3, "0")}`;
  return { typed: `0${local}`, e164: `+971${local}` };
}
/** Address `i` of one /64 (each a different full IPv6 address). */
const inNetwork = (net: string, i: number) => `2001:db8:${net}:1:${i.toString(16)}:${((i * 7919) % 65_536).toString(16)}:0:1`;
const count = (answers: Response[], status: number) => answers.filter((r) => r.status === status).length;
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
const form = (path: string, fields: Record<string, string>, ip: string, suffix = "") =>
  exports.default.fetch(`${ORIGIN}${path}${suffix}`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams(fields),
    headers: { origin: ORIGIN, "cf-connecting-ip": ip },
  });
const network = (ip: string) => addressTag(new Request(ORIGIN, { headers: { "cf-connecting-ip": ip } }));

describe("limits per network", { timeout: 60_000 }, () => {
  it("names one network for every address of a /64, and each IPv4 address apart", () => {
    expect(network("2001:db8:1:2:aaaa::1")).toBe(network("2001:0db8:0001:0002:ffff:ffff:ffff:fffe"));
    expect(network("2001:db8:1:3::1")).not.toBe(network("2001:db8:1:2::1"));
    expect(network("203.0.113.1")).not.toBe(network("203.0.113.2"));
  });

  it("60 concurrent diner codes from 60 addresses of one /64 to 60 phones at one restaurant text the 40 left unverified", async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => sendOtp("saffron", 1, fresh().typed, inNetwork("a1", i))));
    expect(count(answers, 200)).toBe(40);
    expect(count(answers, 429)).toBe(20);
  });

  it("60 concurrent console sign-in codes from one /64 claim that network's 20", async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => form("/console/sign-in", { intent: "send", phone: fresh().typed }, inNetwork("b2", i))),
    );
    expect(count(answers, 200)).toBe(20);
    expect(count(answers, 429)).toBe(40);
  });

  it("60 concurrent sign-up codes from one /64 text 20", async () => {
    const phones = Array.from({ length: 60 }, () => fresh());
    const answers = await Promise.all(phones.map((p, i) => form("/signup", { intent: "send-code", phone: p.typed, country: "AE" }, inNetwork("c3", i))));
    expect(count(answers, 200)).toBe(20);
    expect(count(answers, 429)).toBe(40);
    const texts = await env.DB.prepare("SELECT count(*) AS n FROM sms_outbox WHERE phone IN (SELECT value FROM json_each(?))")
      .bind(JSON.stringify(phones.map((p) => p.e164)))
      .first<{ n: number }>();
    expect(texts!.n).toBe(20);
  });
});

describe("a restaurant's daily SMS budget", { timeout: 60_000 }, () => {
  let restaurant: number;
  let branch: number;
  beforeAll(async () => {
    restaurant = (await env.DB.prepare(
      "INSERT INTO restaurants (domain, name_en, name_ar, currency, country, sms_daily_budget) VALUES ('budget-five', 'Budget', 'ميزانية', 'AED', 'AE', 5) RETURNING id",
    ).first<{ id: number }>())!.id;
    branch = (await catalogueRow<{ id: number }>(
      restaurant,
      "INSERT INTO branches (restaurant_id, name_en, name_ar, active_order, payment_mode) VALUES (?, 'B', 'ب', 1, 'otp') RETURNING id",
      restaurant,
    ))!.id;
  });

  it("50 concurrent sends from 50 networks text exactly the budget, the rest are told it is spent", async () => {
    const phones = Array.from({ length: 50 }, () => fresh());
    const answers = await Promise.all(phones.map((p, i) => sendOtp("budget-five", branch, p.typed, `198.18.${Math.floor(i / 200)}.${i + 1}`)));
    expect(count(answers, 200)).toBe(5);
    expect(count(answers, 503)).toBe(45);
    const refused = answers.find((r) => r.status === 503)!;
    const body = (await refused.json()) as { errorCode: string; data: { retry_after: number } };
    expect(body.errorCode).toBe("sms_budget");
    expect(Number(refused.headers.get("retry-after"))).toBe(body.data.retry_after);
    expect(body.data.retry_after).toBeGreaterThan(0);
    expect(body.data.retry_after).toBeLessThanOrEqual(86_400);
    const texts = await env.DB.prepare("SELECT count(*) AS n FROM sms_outbox WHERE phone IN (SELECT value FROM json_each(?))")
      .bind(JSON.stringify(phones.map((p) => p.e164)))
      .first<{ n: number }>();
    expect(texts!.n).toBe(5);
    const day = await catalogueRow<{ used: number }>(restaurant, "SELECT used FROM sms_budget_days WHERE restaurant_id = ?", restaurant);
    expect(day!.used).toBe(5);
  });

  it("a refusal for the budget costs the diner no try of their own limits", async () => {
    const who = fresh();
    expect((await sendOtp("budget-five", branch, who.typed, "198.18.9.1")).status).toBe(503);
    expect(await eventsIn("phone", who.e164)).toBe(0);
  });

  it("the console's home tells the restaurant its budget is used up", async () => {
    const person = await ensurePerson(env.DB, fresh().e164, "Owner");
    await env.DB.prepare("INSERT INTO members (restaurant_id, person_id, role, created_at) VALUES (?, ?, 'owner', ?)")
      .bind(restaurant, person, Date.now())
      .run();
    const { startSession } = await import("../../worker/directory/sessions");
    const cookie = `console=${await startSession(env.DB, person)}; console_restaurant=${restaurant}`;
    const page = await (await exports.default.fetch(`${ORIGIN}/console`, { headers: { cookie } })).text();
    expect(page).toContain('data-testid="sms-budget-spent"');
    expect(page).toContain("SMS budget is used up");
  });
});

describe("a phone's console codes: a daily cap and a lockout that doubles", () => {
  it("the first lockout lasts a day, the next one reached within the week two", async () => {
    const phone = fresh().e164;
    const net = network("203.0.113.77");
    const spaced = 20 * 60_000; // within the minute and hourly limits
    let t = 1_900_000_000_000;
    const fillDay = async () => {
      for (let i = 0; i < 8; i++) {
        expect((await claim(env, "console", phone, net, t)).ok).toBe(true);
        t += spaced;
      }
      return claim(env, "console", phone, net, t);
    };
    const first = await fillDay();
    expect(first.ok).toBe(false);
    const firstWait = first.ok ? 0 : first.retryAfter;
    expect(firstWait).toBe(LOCKOUT.baseMs / 1000);
    // Refused again during the lockout: it does not grow by asking.
    const during = await claim(env, "console", phone, net, t + 3_600_000);
    expect(during.ok ? 0 : during.retryAfter).toBe(firstWait - 3600);

    t += firstWait * 1000 + 1000;
    const second = await fillDay();
    expect(second.ok ? 0 : second.retryAfter).toBe(2 * firstWait);
  });
});

describe("sign-in answers before anything is looked up or sent", { timeout: 30_000 }, () => {
  it("a member's answer does not wait for a hanging SMS provider", async () => {
    const member = fresh();
    const person = await ensurePerson(env.DB, member.e164, "Slow");
    await env.DB.prepare("INSERT INTO members (restaurant_id, person_id, role, created_at) VALUES (1, ?, 'staff', ?)").bind(person, Date.now()).run();
    const twilio: Env = {
      ...env,
      SMS_PROVIDER: "twilio",
      SMS_CHANNEL: "",
      TWILIO_API_BASE: inject("standIns"),
      TWILIO_ACCOUNT_SID: `AC${crypto.randomUUID().replace(/-/g, "")}timeout`,
      TWILIO_AUTH_TOKEN: TWILIO_STAND_IN_TOKEN,
      TWILIO_FROM: "+15005550006",
      TWILIO_MESSAGING_SERVICE_SID: "",
    };
    const pending: Promise<unknown>[] = [];
    const started = performance.now();
    const sent = await sendSignInCode(twilio, { waitUntil: (p) => void pending.push(p) }, { phone: member.e164, network: network("203.0.113.90"), lang: "en" });
    const took = performance.now() - started;
    expect(sent).toEqual({ ok: true, demo: false });
    expect(took).toBeLessThan(TWILIO_TIMEOUT_MS / 5);
    expect(pending).toHaveLength(1);
    // The provider timing out later gives the claim back and spends the code.
    await Promise.all(pending);
    expect(await eventsIn("phone", member.e164)).toBe(0);
  });

  it("answers a member and a stranger with the same bytes", async () => {
    const member = fresh();
    const stranger = fresh();
    const person = await ensurePerson(env.DB, member.e164, "Known");
    await env.DB.prepare("INSERT INTO members (restaurant_id, person_id, role, created_at) VALUES (1, ?, 'staff', ?)").bind(person, Date.now()).run();
    const answer = async (who: { typed: string; e164: string }, ip: string) => {
      const res = await form("/console/sign-in", { intent: "send", phone: who.typed }, ip, ".data");
      const headers = [...res.headers]
        .filter(([name]) => name !== "date" && name !== "server-timing")
        .map(([name, value]) => `${name}: ${value}`)
        .join("\n");
      return `${res.status}\n${headers}\n\n${(await res.text()).replaceAll(who.e164, "PHONE")}`;
    };
    const [a, b] = [await answer(member, "203.0.113.91"), await answer(stranger, "203.0.113.92")];
    expect(a).toContain("code");
    expect(a).toBe(b);
  });
});
