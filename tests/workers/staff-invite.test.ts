// Staff invites (docs/decisions/0033): an invited member gets an SMS (the demo outbox here) with the sign-in link, their phone
// filled in; invites are limited per invitee and per restaurant apart from sign-in codes; after signing
// in, staff land on the orders board and owners on the first steps.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { inviteMessage } from "../../worker/console/invite-sms";
import { seedMember } from "./console-members";

const SAFFRON = 1;
let owner: string;
let seq = 0;
beforeAll(async () => {
  owner = (await seedMember(SAFFRON, "owner")).cookie;
});

/** A UAE mobile nobody used yet: typed locally and in E.164. */
function fresh() {
  seq += 1;
  const local = `56${String(Date.now() % 10_000).padStart(4, "0")}${String(seq).padStart(3, "0")}`;
  return { typed: `0${local}`, e164: `+971${local}`, ip: `203.0.113.${seq}` };
}
const site = (path: string, init: RequestInit = {}) => exports.default.fetch(`http://localhost${path}`, { redirect: "manual", ...init });
const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  site(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { origin: "http://localhost", "content-type": "application/x-www-form-urlencoded", ...headers },
  });
const invite = (phone: string, role: string, extra: Record<string, string> = {}, path = "/console/staff") =>
  post(path, { intent: "invite", name: "Invited", phone, role, ...(role === "staff" ? { branch: "1" } : {}), ...extra }, { cookie: owner });
const texts = async (e164: string) =>
  (await env.DB.prepare("SELECT body FROM sms_outbox WHERE phone = ? ORDER BY id").bind(e164).all<{ body: string }>()).results.map((r) => r.body);

/** Accepts `e164`'s pending invitations, as they would on /console/invitations (tests/workers/invitations.test.ts). */
const acceptAll = (e164: string) => env.DB.prepare("UPDATE members SET pending = 0 WHERE person_id = (SELECT id FROM people WHERE phone = ?)").bind(e164).run();

/** Signs `who` in by SMS code from the sign-in form; the answer's redirect. */
async function signIn(who: { typed: string; e164: string; ip: string }, next = "") {
  const before = (await texts(who.e164)).length;
  expect((await post("/console/sign-in", { intent: "send", phone: who.typed }, { "cf-connecting-ip": who.ip })).status).toBe(200);
  // The code is sent after the answer (the same answer for members and strangers): wait for its text.
  await expect.poll(async () => (await texts(who.e164)).length).toBeGreaterThan(before);
  const code = /(\d{6})/.exec((await texts(who.e164)).at(-1)!)![1]!;
  return post("/console/sign-in", { intent: "verify", phone: who.e164, code, next }, { "cf-connecting-ip": who.ip });
}

describe("inviting a member", { timeout: 30_000 }, () => {
  it("texts the sign-in link with their phone filled in, and the link's page shows that phone", async () => {
    const who = fresh();
    const res = await invite(who.typed, "staff");
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('data-testid="staff-invite-sms"');
    expect(page).toContain("demo outbox");
    const [sms] = await texts(who.e164);
    expect(sms).toContain("Saffron");
    const link = `http://localhost/console/sign-in?phone=${encodeURIComponent(who.e164)}`;
    expect(sms).toContain(link);
    const signInPage = await (await site(link.replace("http://localhost", ""))).text();
    expect(signInPage).toContain(`value="${who.e164}"`);
    // Anything but an E.164 number is not filled in.
    expect(await (await site("/console/sign-in?phone=%3Cscript%3E")).text()).not.toContain("&lt;script");
  });

  it("writes the SMS in the console's language", async () => {
    const who = fresh();
    expect((await invite(who.typed, "manager", {}, "/console/staff?lng=ar")).status).toBe(200);
    const [sms] = await texts(who.e164);
    expect(sms).toMatch(/سجّل الدخول/);
    expect(sms).toContain("/console/sign-in?phone=");
  });

  it("limits invite texts to one phone (a minute apart) apart from that phone's own sign-in codes", async () => {
    const who = fresh();
    expect((await invite(who.typed, "staff")).status).toBe(200);
    const member = await env.DB.prepare("SELECT m.id FROM members m JOIN people p ON p.id = m.person_id WHERE p.phone = ? AND m.restaurant_id = ?")
      .bind(who.e164, SAFFRON)
      .first<{ id: number }>();
    const removed = await post("/console/staff", { intent: "remove", member: String(member!.id) }, { cookie: owner });
    expect(removed.status).toBe(200);
    // Invited again at once: a member again, but no second SMS; the owner is given the link to pass on.
    const again = await invite(who.typed, "staff");
    expect(again.status).toBe(200);
    const page = await again.text();
    expect(page).toContain("too many invitations");
    expect(page).toContain(`/console/sign-in?phone=${encodeURIComponent(who.e164)}`);
    expect(await texts(who.e164)).toHaveLength(1);
    // The invitee's own sign-in code is not held back by the invite.
    const first = fresh();
    expect((await invite(first.typed, "staff")).status).toBe(200);
    expect((await signIn(first)).status).toBe(303);
  });
});

describe("the invite's text", () => {
  it("puts the platform and the link first and the restaurant's name in a bounded, cleaned slot", () => {
    const link = "https://menu.example.com/console/sign-in?phone=%2B971501234567";
    const forged = "Saffron\nYour bank: call +1 555\u202Eevil " + "x".repeat(60);
    for (const lang of ["en", "ar"] as const) {
      const text = inviteMessage(forged, link, lang);
      expect(text.startsWith(lang === "en" ? "Menu: " : "منيو: "), lang).toBe(true);
      expect(text.indexOf(link), lang).toBeLessThan(text.indexOf("Saffron"));
      expect(text, lang).not.toMatch(/[\n\u202E]/);
      expect(text, lang).toContain("…");
    }
  });
});

describe("the invite's name", { timeout: 30_000 }, () => {
  it("has a live counter instead of a maxlength, and over 80 characters is refused with 422, the name kept", async () => {
    const page = await (await site("/console/staff", { headers: { cookie: owner } })).text();
    expect(/<input[^>]*name="name"[^>]*>/.exec(page)![0]).not.toMatch(/maxlength/i);
    expect(page).toContain("0 / 80");
    const who = fresh();
    const long = "Mohammed Abdulrahman Al Fulani the Head Chef of the Breakfast Kitchen Corner Branch";
    expect(long.length).toBeGreaterThan(80);
    const res = await invite(who.typed, "staff", { name: long });
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain("longer than 80 characters");
    expect(html).toContain(`value="${long}"`);
    expect(html).toContain(`${long.length} / 80`);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM people WHERE phone = ?").bind(who.e164).first("n")).toBe(0);
  });

  it("reads the phone in the restaurant's country, shows its example, and keeps a number it cannot read (422)", async () => {
    const page = await (await site("/console/staff", { headers: { cookie: owner } })).text();
    expect(/<input[^>]*name="phone"[^>]*>/.exec(page)![0]).toContain('placeholder="050 123 4567"');
    const res = await invite("050 123 45", "manager");
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(/<input[^>]*name="phone"[^>]*>/.exec(html)![0]).toContain('value="050 123 45"');
    expect(html).toContain("That phone number cannot be read");
    // Spaced as people write it, it is one E.164 number.
    const who = fresh();
    expect((await invite(`${who.typed.slice(0, 3)} ${who.typed.slice(3, 6)} ${who.typed.slice(6)}`, "manager")).status).toBe(200);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM people WHERE phone = ?").bind(who.e164).first("n")).toBe(1);
  });
});

describe("where signing in lands", { timeout: 30_000 }, () => {
  it("staff and managers on the orders board, owners on the first steps, a page asked for kept", async () => {
    for (const [role, landing] of [
      ["staff", "/console/orders"],
      ["manager", "/console/orders"],
      ["owner", "/console"],
    ] as const) {
      const who = fresh();
      expect((await invite(who.typed, role)).status).toBe(200);
      // An invitation is theirs to accept first (decision 0037: tests/workers/invitations.test.ts).
      await acceptAll(who.e164);
      const res = await signIn(who);
      expect(res.status, role).toBe(303);
      expect(res.headers.get("location"), role).toBe(landing);
      // Already signed in, the sign-in page sends them to the same place.
      const cookie = /^(console=[^;]*)/.exec(res.headers.get("set-cookie")!)![1]!;
      expect((await site("/console/sign-in", { headers: { cookie } })).headers.get("location"), role).toBe(landing);
    }
    const staff = fresh();
    await invite(staff.typed, "staff");
    await acceptAll(staff.e164);
    expect((await signIn(staff, "/console/security")).headers.get("location")).toBe("/console/security");
  });
});
