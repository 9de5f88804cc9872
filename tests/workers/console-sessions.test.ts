// Console sign-in through the whole worker: SMS codes (members only, answered alike for strangers,
// limited, single use, 5 tries), the session cookie and what is not a session, sliding expiry, sign
// out (this one, everywhere), `next` kept on the console, and passkeys against a software authenticator.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ensurePerson } from "../../worker/directory/people";
import { startSession } from "../../worker/directory/sessions";
import { sha256 } from "../../worker/rules/secrets";
import { personHandle, softAuthenticator } from "./soft-authenticator";

const ORIGIN = "http://localhost";
const DAY = 86_400_000;
let saffron: number;
let seq = 0;

beforeAll(async () => {
  saffron = (await env.DB.prepare("SELECT id FROM restaurants WHERE domain = 'saffron'").first<{ id: number }>())!.id;
});

/** A phone nobody used yet, as typed (UAE, no country code), its E.164 form and a client address of its own. */
function fresh() {
  seq += 1;
  const local = `58${String(Date.now() % 10_000).padStart(4, "0")}${String(seq).padStart(3, "0")}`;
  return { typed: `0${local}`, e164: `+971${local}`, ip: `198.51.${Math.floor(seq / 250)}.${seq % 250}` };
}

/** A staff member of saffron with a fresh phone. */
async function member(role = "staff") {
  const who = fresh();
  const personId = await ensurePerson(env.DB, who.e164, `Member ${seq}`);
  await env.DB.prepare("INSERT INTO members (restaurant_id, person_id, role, created_at) VALUES (?, ?, ?, ?)").bind(saffron, personId, role, Date.now()).run();
  return { ...who, personId };
}

const site = (path: string, init: RequestInit = {}, origin = ORIGIN) => exports.default.fetch(`${origin}${path}`, { redirect: "manual", ...init });
const form = (path: string, fields: Record<string, string>, options: { cookie?: string; ip?: string; origin?: string } = {}) =>
  site(
    path,
    {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: {
        origin: options.origin ?? ORIGIN,
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.ip ? { "cf-connecting-ip": options.ip } : {}),
      },
    },
    options.origin,
  );
const postJson = (path: string, body: unknown, cookie?: string) =>
  site(path, { method: "POST", body: JSON.stringify(body), headers: { origin: ORIGIN, "content-type": "application/json", ...(cookie ? { cookie } : {}) } });

const sendCode = (who: { typed: string; ip: string }, extra: Record<string, string> = {}) =>
  form("/console/sign-in", { intent: "send", phone: who.typed, ...extra }, { ip: who.ip });
const texts = async (e164: string) =>
  (await env.DB.prepare("SELECT body FROM sms_outbox WHERE phone = ? ORDER BY id DESC").bind(e164).all<{ body: string }>()).results;
/** The texts once `count` are there: a sign-in code is sent after the answer (in the background). */
async function textsWhen(e164: string, count: number) {
  for (let i = 0; i < 100; i++) {
    const list = await texts(e164);
    if (list.length >= count) return list;
    await new Promise((done) => setTimeout(done, 20));
  }
  return texts(e164);
}
const latestCode = async (e164: string) => /(\d{6})/.exec((await textsWhen(e164, 1))[0]!.body)![1]!;
const verify = (who: { e164: string; ip: string }, code: string, next = "") =>
  form("/console/sign-in", { intent: "verify", phone: who.e164, code, next }, { ip: who.ip });
/** The session id a Set-Cookie carries (http: `console=`). */
const cookieValue = (res: Response, name = "console") => new RegExp(`^${name}=([^;]*)`).exec(res.headers.get("set-cookie") ?? "")?.[1] ?? null;

/** Signs `who` in through the real routes; returns the session id from the cookie. */
async function signIn(who: { typed: string; e164: string; ip: string }) {
  expect((await sendCode(who)).status).toBe(200);
  const res = await verify(who, await latestCode(who.e164));
  expect(res.status).toBe(303);
  return cookieValue(res)!;
}

const security = (cookie: string) => site("/console/security", { headers: { cookie } });
const sessionsOf = async (personId: number) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM console_sessions WHERE person_id = ?").bind(personId).first<{ n: number }>())!.n;
const expiresAt = async (id: string) =>
  (
    await env.DB.prepare("SELECT expires_at FROM console_sessions WHERE id_hash = ?")
      .bind(await sha256(id))
      .first<{ expires_at: number }>()
  )?.expires_at;
const isSignInRedirect = (res: Response) => res.status >= 300 && res.status < 400 && (res.headers.get("location") ?? "").startsWith("/console/sign-in");

describe("sign-in by SMS code", { timeout: 30_000 }, () => {
  it("sends a code to a member, verifies it, starts a session with the cookie and goes to the console", async () => {
    const who = await member("owner");
    const sent = await sendCode(who);
    expect(sent.status).toBe(200);
    expect(sent.headers.get("cache-control")).toBe("private, no-store");
    const page = await sent.text();
    expect(page).toContain('data-testid="code-sent"');
    expect(page).toContain('data-testid="sign-in-demo"'); // the demo outbox took it
    expect(await textsWhen(who.e164, 1)).toHaveLength(1);
    const res = await verify(who, await latestCode(who.e164), "/console/security");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/console/security");
    const id = cookieValue(res)!;
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await sessionsOf(who.personId)).toBe(1);
    // Only the hash is stored.
    expect(await env.DB.prepare("SELECT count(*) AS n FROM console_sessions WHERE id_hash = ?").bind(id).first("n")).toBe(0);
    const screen = await security(`console=${id}`);
    expect(screen.status).toBe(200);
    expect(screen.headers.get("cache-control")).toBe("private, no-store");
    // Signed in: the sign-in page sends them on.
    const again = await site("/console/sign-in", { headers: { cookie: `console=${id}` } });
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe("/console");
  });

  it("answers the sign-in page privately, to anyone", async () => {
    const res = await site("/console/sign-in?next=%2Fconsole%2Fsecurity");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const page = await res.text();
    expect(page).toContain('name="phone"');
    expect(page).toContain('name="next" value="/console/security"');
  });

  it("reads a number typed with +, 00 or another country the same way", async () => {
    const who = await member();
    expect((await form("/console/sign-in", { intent: "send", phone: who.e164.replace("+971", "00971 "), country: "SA" }, { ip: who.ip })).status).toBe(200);
    expect(await textsWhen(who.e164, 1)).toHaveLength(1);
  });

  it("sets the session cookie HttpOnly, SameSite=Lax, Path=/ and without Secure on http", async () => {
    const who = await member();
    await sendCode(who);
    const res = await verify(who, await latestCode(who.e164));
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^console=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain(`Max-Age=${30 * 86_400}`);
    expect(cookie).not.toContain("Secure");
  });

  it("on https names it __Host-console and makes it Secure", async () => {
    const who = await member();
    const https = "https://localhost";
    expect((await form("/console/sign-in", { intent: "send", phone: who.typed }, { ip: who.ip, origin: https })).status).toBe(200);
    const res = await form("/console/sign-in", { intent: "verify", phone: who.e164, code: await latestCode(who.e164) }, { ip: who.ip, origin: https });
    expect(res.status).toBe(303);
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^__Host-console=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toMatch(/; Secure(;|$)/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Domain=");
    const id = cookieValue(res, "__Host-console")!;
    expect((await site("/console/security", { headers: { cookie: `__Host-console=${id}` } }, https)).status).toBe(200);
    // The http name means nothing on https.
    expect(isSignInRedirect(await site("/console/security", { headers: { cookie: `console=${id}` } }, https))).toBe(true);
  });

  it("answers a stranger's phone as a member's, but sends nothing", async () => {
    const stranger = fresh();
    const known = await member();
    const [a, b] = [await sendCode(stranger), await sendCode(known)];
    expect(a.status).toBe(b.status);
    const [pageA, pageB] = [await a.text(), await b.text()];
    for (const marker of ['data-testid="code-sent"', 'data-testid="sign-in-demo"', 'name="code"']) {
      expect(pageA.includes(marker)).toBe(true);
      expect(pageB.includes(marker)).toBe(true);
    }
    expect(await textsWhen(known.e164, 1)).toHaveLength(1);
    expect(await texts(stranger.e164)).toHaveLength(0);
    // The limits read the same too: a second send within the minute is refused for both.
    const [again, againKnown] = [await sendCode(stranger), await sendCode(known)];
    expect(again.status).toBe(429);
    expect(againKnown.status).toBe(429);
    // And no code of any kind signs a stranger in.
    expect((await verify(stranger, "000000")).status).toBe(422);
  });

  it("refuses a second code within the minute with 429, Retry-After and a wait in seconds", async () => {
    const who = await member();
    await sendCode(who);
    const res = await sendCode(who);
    expect(res.status).toBe(429);
    const wait = Number(res.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await res.text()).toMatch(new RegExp(`wait ${wait} seconds`));
    expect(await textsWhen(who.e164, 1)).toHaveLength(1);
  });

  it("sends one SMS for 60 concurrent sends to one phone", async () => {
    const who = await member();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => form("/console/sign-in", { intent: "send", phone: who.typed }, { ip: `192.0.2.${i + 1}` })),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(59);
    expect(await textsWhen(who.e164, 1)).toHaveLength(1);
  });

  it("starts one session for 50 concurrent verifies of one code", async () => {
    const who = await member();
    await sendCode(who);
    const code = await latestCode(who.e164);
    const answers = await Promise.all(Array.from({ length: 50 }, () => verify(who, code)));
    expect(answers.filter((r) => r.status === 303)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 422)).toHaveLength(49);
    expect(answers.filter((r) => r.headers.get("set-cookie"))).toHaveLength(1);
    expect(await sessionsOf(who.personId)).toBe(1);
  });

  it("locks a code after 5 wrong tries, and a used code signs in no one again", async () => {
    const who = await member();
    await sendCode(who);
    const code = await latestCode(who.e164);
    const wrong = code === "111111" ? "222222" : "111111";
    for (let i = 0; i < 5; i++) {
      const res = await verify(who, wrong);
      expect(res.status).toBe(422);
      expect(await res.text()).toContain("That code is wrong or expired");
    }
    expect((await verify(who, code)).status).toBe(422);
    expect(await sessionsOf(who.personId)).toBe(0);

    const other = await member();
    await sendCode(other);
    const good = await latestCode(other.e164);
    expect((await verify(other, good)).status).toBe(303);
    expect((await verify(other, good)).status).toBe(422);
  });

  it("reads a code typed with Arabic-Indic digits or spaces", async () => {
    const who = await member();
    await sendCode(who);
    const code = await latestCode(who.e164);
    const arabic = [...code].map((d) => String.fromCharCode(0x0660 + Number(d))).join("");
    const res = await verify(who, ` ${arabic.slice(0, 3)} ${arabic.slice(3)} `);
    expect(res.status).toBe(303);
  });

  it("answers bad input with 400 or 422, never 500", async () => {
    const who = await member();
    expect((await form("/console/sign-in", { phone: who.typed }, { ip: who.ip })).status).toBe(400);
    expect((await form("/console/sign-in", { intent: "hack", phone: who.typed }, { ip: who.ip })).status).toBe(400);
    expect((await form("/console/sign-in", { intent: "send", phone: who.typed, country: "XX" }, { ip: who.ip })).status).toBe(400);
    expect((await form("/console/sign-in", { intent: "send", phone: "x".repeat(500) }, { ip: who.ip })).status).toBe(400);
    const bad = await form("/console/sign-in", { intent: "send", phone: "12" }, { ip: who.ip });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain("does not look like a phone number");
    expect((await verify(who, "abc")).status).toBe(422);
    expect(await texts(who.e164)).toHaveLength(0);
  });

  it("keeps `next` on the console: anything else goes to /console", async () => {
    const who = await member("owner");
    const cookie = `console=${await startSession(env.DB, who.personId)}`;
    const attempts = [
      "//evil.example",
      "https://evil.example/console",
      "/\\evil.example",
      "/\\/evil.example",
      "javascript:alert(1)",
      "/consolex",
      "/saffron",
      "/console/../evil",
      "%2F%2Fevil.example",
    ];
    for (const next of attempts) {
      const res = await site(`/console/sign-in?next=${encodeURIComponent(next)}`, { headers: { cookie } });
      expect(res.status, next).toBe(302);
      expect(res.headers.get("location"), next).toBe("/console");
    }
    const kept = await site(`/console/sign-in?next=${encodeURIComponent("/console/security?x=1")}`, { headers: { cookie } });
    expect(kept.headers.get("location")).toBe("/console/security?x=1");
    // Through the code form as well.
    for (const next of ["//evil.example", "https://evil", "/\\evil"]) {
      const someone = await member("owner");
      await sendCode(someone);
      const res = await verify(someone, await latestCode(someone.e164), next);
      expect(res.status, next).toBe(303);
      expect(res.headers.get("location"), next).toBe("/console");
    }
  });
});

describe("what is not a session", { timeout: 30_000 }, () => {
  it("sends a tampered, unknown, malformed or duplicated cookie to sign-in", async () => {
    const who = await member();
    const id = await startSession(env.DB, who.personId);
    expect((await security(`console=${id}`)).status).toBe(200);
    const tampered = `${id.slice(0, -1)}${id.endsWith("A") ? "B" : "A"}`;
    for (const cookie of [
      `console=${tampered}`,
      `console=${"x".repeat(43)}`,
      "console=abc",
      `console=${id}x`,
      `console=${id}; console=${id}`,
      `console=${id}; console=${tampered}`,
      `console= ${id}`,
      "",
    ]) {
      const res = await security(cookie);
      expect(isSignInRedirect(res), cookie).toBe(true);
      expect(res.headers.get("location")).toBe("/console/sign-in?next=%2Fconsole%2Fsecurity");
    }
  });

  it("ends a session whose expiry passed, and slides one that is used", async () => {
    const who = await member();
    const old = await startSession(env.DB, who.personId);
    await env.DB.prepare("UPDATE console_sessions SET expires_at = ? WHERE id_hash = ?")
      .bind(Date.now() - 1000, await sha256(old))
      .run();
    expect(isSignInRedirect(await security(`console=${old}`))).toBe(true);

    const used = await startSession(env.DB, who.personId);
    await env.DB.prepare("UPDATE console_sessions SET expires_at = ? WHERE id_hash = ?")
      .bind(Date.now() + 2 * DAY, await sha256(used))
      .run();
    expect((await security(`console=${used}`)).status).toBe(200);
    expect(await expiresAt(used)).toBeGreaterThan(Date.now() + 29 * DAY);
  });

  it("signs out this session only, clearing the cookie", async () => {
    const who = await member();
    const [mine, other] = [await startSession(env.DB, who.personId), await startSession(env.DB, who.personId)];
    const res = await form("/console/sign-out", {}, { cookie: `console=${mine}` });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/console/sign-in");
    expect(res.headers.get("set-cookie")).toMatch(/^console=; .*Max-Age=0/);
    expect(isSignInRedirect(await security(`console=${mine}`))).toBe(true);
    expect((await security(`console=${other}`)).status).toBe(200);
    // Signing out without a session is harmless.
    expect((await form("/console/sign-out", {})).status).toBe(303);
  });

  it("signs out everywhere: every session of the person ends, nobody else's", async () => {
    const who = await member();
    const someoneElse = await member();
    const sessions = [await startSession(env.DB, who.personId), await startSession(env.DB, who.personId), await startSession(env.DB, who.personId)];
    const theirs = await startSession(env.DB, someoneElse.personId);
    const res = await form("/console/security", { intent: "everywhere" }, { cookie: `console=${sessions[0]}` });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/console/sign-in");
    expect(res.headers.get("set-cookie")).toMatch(/^console=; .*Max-Age=0/);
    for (const id of sessions) expect(isSignInRedirect(await security(`console=${id}`))).toBe(true);
    expect(await sessionsOf(who.personId)).toBe(0);
    expect((await security(`console=${theirs}`)).status).toBe(200);
  });
});

describe("passkeys", { timeout: 30_000 }, () => {
  async function registered() {
    const who = await member();
    const cookie = `console=${await startSession(env.DB, who.personId)}`;
    const soft = await softAuthenticator(ORIGIN, personHandle(who.personId));
    const options = (await (await postJson("/console/passkey/register-options", {}, cookie)).json()) as {
      challenge: string;
      rp: { id: string };
      user: { id: string };
    };
    const res = await postJson("/console/passkey/register", { name: "Work phone", response: await soft.register(options.challenge) }, cookie);
    expect(res.status).toBe(200);
    return { who, cookie, soft, options };
  }
  const signInOptions = async () => ((await (await postJson("/console/passkey/sign-in-options", {})).json()) as { challenge: string }).challenge;

  it("adds a passkey for a signed-in member, and signs in with it later (counter and last use kept)", async () => {
    const { who, soft, options } = await registered();
    expect(options.rp.id).toBe("localhost");
    expect(options.user.id).toBe(personHandle(who.personId));
    const row = await env.DB.prepare("SELECT person_id, name, counter, last_used_at FROM passkeys WHERE id = ?").bind(soft.id).first();
    expect(row).toMatchObject({ person_id: who.personId, name: "Work phone", counter: 0, last_used_at: null });

    const res = await postJson("/console/passkey/sign-in", { response: await soft.authenticate(await signInOptions()), next: "/console/security" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, next: "/console/security" });
    const id = cookieValue(res)!;
    expect(res.headers.get("set-cookie")).toContain("HttpOnly");
    expect((await security(`console=${id}`)).status).toBe(200);
    const used = await env.DB.prepare("SELECT counter, last_used_at FROM passkeys WHERE id = ?")
      .bind(soft.id)
      .first<{ counter: number; last_used_at: number }>();
    expect(used!.counter).toBe(1);
    expect(used!.last_used_at).toBeGreaterThan(Date.now() - 60_000);
    // The security page lists it; `next` off the console goes to the member's landing (staff: the board).
    expect(await (await security(`console=${id}`)).text()).toContain("Work phone");
    const offsite = await postJson("/console/passkey/sign-in", { response: await soft.authenticate(await signInOptions()), next: "//evil.example" });
    expect(await offsite.json()).toEqual({ ok: true, next: "/console/orders" });
  });

  it("refuses a challenge it never gave, a replayed one and an expired one", async () => {
    const { soft, cookie, who } = await registered();
    const never = await postJson("/console/passkey/sign-in", { response: await soft.authenticate("bm90LWdpdmVu") });
    expect(never.status).toBe(400);
    expect(cookieValue(never)).toBeNull();

    const answer = await soft.authenticate(await signInOptions());
    expect((await postJson("/console/passkey/sign-in", { response: answer })).status).toBe(200);
    expect((await postJson("/console/passkey/sign-in", { response: answer })).status).toBe(400);

    const late = await signInOptions();
    await env.DB.prepare("UPDATE webauthn_challenges SET expires_at = ? WHERE challenge = ?")
      .bind(Date.now() - 1, late)
      .run();
    expect((await postJson("/console/passkey/sign-in", { response: await soft.authenticate(late) })).status).toBe(400);

    // A registration challenge does not answer a sign-in, nor the reverse.
    const reg = ((await (await postJson("/console/passkey/register-options", {}, cookie)).json()) as { challenge: string }).challenge;
    expect((await postJson("/console/passkey/sign-in", { response: await soft.authenticate(reg) })).status).toBe(400);
    const another = await softAuthenticator(ORIGIN, personHandle(who.personId));
    expect((await postJson("/console/passkey/register", { response: await another.register(await signInOptions()) }, cookie)).status).toBe(400);
    // A replayed registration adds nothing.
    const fresh = ((await (await postJson("/console/passkey/register-options", {}, cookie)).json()) as { challenge: string }).challenge;
    const registration = await another.register(fresh);
    expect((await postJson("/console/passkey/register", { response: registration }, cookie)).status).toBe(200);
    expect((await postJson("/console/passkey/register", { response: registration }, cookie)).status).toBe(400);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM passkeys WHERE person_id = ?").bind(who.personId).first("n")).toBe(2);
  });

  it("refuses an unknown credential, another origin and a forged signature", async () => {
    const { soft, who } = await registered();
    const stranger = await softAuthenticator(ORIGIN, personHandle(who.personId));
    const unknown = await postJson("/console/passkey/sign-in", { response: await stranger.authenticate(await signInOptions()) });
    expect(unknown.status).toBe(404);
    expect(cookieValue(unknown)).toBeNull();
    expect(
      (await postJson("/console/passkey/sign-in", { response: await soft.authenticate(await signInOptions(), { origin: "http://evil.example" }) })).status,
    ).toBe(400);
    // Another key's signature over the registered credential's id.
    const forged = (await stranger.authenticate(await signInOptions())) as { id: string; rawId: string };
    forged.id = forged.rawId = soft.id;
    expect((await postJson("/console/passkey/sign-in", { response: forged })).status).toBe(400);
  });

  it("refuses someone else's credential: another person's challenge, user handle or passkey", async () => {
    const a = await registered();
    const b = await member();
    const bCookie = `console=${await startSession(env.DB, b.personId)}`;
    // A challenge given to A's session does not register a passkey for B.
    const aChallenge = ((await (await postJson("/console/passkey/register-options", {}, a.cookie)).json()) as { challenge: string }).challenge;
    const soft = await softAuthenticator(ORIGIN, personHandle(b.personId));
    expect((await postJson("/console/passkey/register", { response: await soft.register(aChallenge) }, bCookie)).status).toBe(400);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM passkeys WHERE id = ?").bind(soft.id).first("n")).toBe(0);
    // A's credential answering as B's user is refused.
    const asB = await postJson("/console/passkey/sign-in", {
      response: await a.soft.authenticate(await signInOptions(), { userHandle: personHandle(b.personId) }),
    });
    expect(asB.status).toBe(400);
    expect(cookieValue(asB)).toBeNull();
    // B cannot remove A's passkey, nor register A's credential id as theirs.
    const removed = await form("/console/security", { intent: "remove", id: a.soft.id }, { cookie: bCookie });
    expect(removed.status).toBe(404);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM passkeys WHERE id = ?").bind(a.soft.id).first("n")).toBe(1);
    const bChallenge = ((await (await postJson("/console/passkey/register-options", {}, bCookie)).json()) as { challenge: string }).challenge;
    expect((await postJson("/console/passkey/register", { response: await a.soft.register(bChallenge) }, bCookie)).status).toBe(409);
    expect(await env.DB.prepare("SELECT person_id FROM passkeys WHERE id = ?").bind(a.soft.id).first("person_id")).toBe(a.who.personId);
    // A removes their own.
    expect((await form("/console/security", { intent: "remove", id: a.soft.id }, { cookie: a.cookie })).status).toBe(200);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM passkeys WHERE id = ?").bind(a.soft.id).first("n")).toBe(0);
  });

  it("needs a session to add one, JSON bodies, known steps; answers 4xx, never 500", async () => {
    expect((await postJson("/console/passkey/register-options", {})).status).toBe(401);
    expect((await postJson("/console/passkey/register", {})).status).toBe(401);
    expect((await postJson("/console/passkey/nope", {})).status).toBe(404);
    expect((await postJson("/console/passkey/sign-in", { response: { id: 1 } })).status).toBe(400);
    expect((await postJson("/console/passkey/sign-in", "not an object")).status).toBe(400);
    expect((await site("/console/passkey/sign-in", { method: "POST", body: "{}", headers: { origin: ORIGIN, "content-type": "text/plain" } })).status).toBe(
      415,
    );
    expect((await site("/console/passkey/sign-in-options")).status).toBe(405);
    const { cookie } = await registered();
    expect((await postJson("/console/passkey/register", { response: { nonsense: true } }, cookie)).status).toBe(400);
    expect((await form("/console/security", { intent: "remove" }, { cookie })).status).toBe(400);
  });
});
