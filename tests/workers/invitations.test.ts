// Consented invitations (docs/decisions/0037), through the whole worker: an invite is pending until the
// invitee, signed in, accepts it; the inviter never sees (nor sets) the invitee's own name; the name a
// restaurant types stays on that membership; a person names themselves and can leave a restaurant;
// the console opens in the restaurant used last, and an invitation cannot steer it anywhere.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ensurePerson } from "../../worker/directory/people";
import { startSession } from "../../worker/directory/sessions";
import { catalogueRun } from "./catalogue";
import { seedMember } from "./console-members";

const SAFFRON = 1;
const GRILL = 2;

let seq = 0;
const freshLocal = () => `058${String(Date.now()).slice(-4)}${String((seq += 1) % 1000).padStart(3, "0")}`;
const e164 = (local: string) => `+971${local.slice(1)}`;

const site = (path: string, cookie: string, init: RequestInit = {}) =>
  exports.default.fetch(`http://localhost${path}`, { redirect: "manual", ...init, headers: { cookie, ...init.headers } });
const post = (path: string, cookie: string, fields: Record<string, string>) =>
  site(path, cookie, { method: "POST", body: new URLSearchParams(fields), headers: { "content-type": "application/x-www-form-urlencoded" } });

async function restaurant(name: string) {
  const domain = `inv-${Date.now().toString(36)}-${(seq += 1)}`;
  const row = await env.DB.prepare("INSERT INTO restaurants (domain, name_en, name_ar) VALUES (?, ?, ?) RETURNING id")
    .bind(domain, name, name)
    .first<{ id: number }>();
  await catalogueRun(row!.id, "INSERT INTO branches (restaurant_id, name_en, name_ar) VALUES (?, 'Main', 'الرئيسي')", row!.id);
  return row!.id;
}

/** A person signed in (another device: no restaurant cookie). */
async function signedIn(personId: number) {
  return `console=${await startSession(env.DB, personId)}`;
}

const invite = (owner: string, local: string, name: string, role = "manager") => post("/console/staff", owner, { intent: "invite", name, phone: local, role });
const memberRow = (restaurantId: number, phone: string) =>
  env.DB.prepare("SELECT m.id, m.pending, m.name FROM members m JOIN people p ON p.id = m.person_id WHERE m.restaurant_id = ? AND p.phone = ?")
    .bind(restaurantId, phone)
    .first<{ id: number; pending: number; name: string }>();
/** Opens the console as a manager does: `/console` (the owner's first steps) sends them to the board. */
async function managerConsole(cookie: string) {
  const home = await site("/console", cookie);
  expect(home.status).toBe(302);
  expect(home.headers.get("location")).toBe("/console/orders");
  const board = await site("/console/orders", cookie);
  expect(board.status).toBe(200);
  return board.text();
}

describe("invitations", { timeout: 60_000 }, () => {
  it("are pending until accepted: the invitee works nowhere yet and the console sends them to their invitations", async () => {
    const owner = await seedMember(SAFFRON, "owner");
    const local = freshLocal();
    expect((await invite(owner.cookie, local, "Mona")).status).toBe(200);
    const row = await memberRow(SAFFRON, e164(local));
    expect(row).toMatchObject({ pending: 1, name: "Mona" });
    const personId = (await env.DB.prepare("SELECT id FROM people WHERE phone = ?").bind(e164(local)).first<number>("id"))!;
    const cookie = await signedIn(personId);
    for (const path of ["/console", "/console/orders", "/console/menu"]) {
      const res = await site(path, `${cookie}; consoleRestaurant=${SAFFRON}`);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toBe("/console/invitations");
    }
    const page = await site("/console/invitations", cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Saffron");
    expect(html).toContain("Accept and open");
    // The inviter's list says it is waiting.
    expect(await (await site("/console/staff", owner.cookie)).text()).toContain('data-testid="invite-pending"');
  });

  it("never show the inviter the invitee's own name, and never set it", async () => {
    const owner = await seedMember(SAFFRON, "owner");
    const local = freshLocal();
    // The invitee already named themselves elsewhere.
    const personId = await ensurePerson(env.DB, e164(local), "Private Real Name");
    expect((await invite(owner.cookie, local, "Chef Alias")).status).toBe(200);
    const staff = await (await site("/console/staff", owner.cookie)).text();
    expect(staff).toContain("Chef Alias");
    expect(staff).not.toContain("Private Real Name");
    expect(await env.DB.prepare("SELECT name FROM people WHERE id = ?").bind(personId).first("name")).toBe("Private Real Name");

    // A brand-new person invited by one restaurant gets no name from it: another restaurant's typing shows nowhere else.
    const grillOwner = await seedMember(GRILL, "owner");
    const newcomer = freshLocal();
    expect((await invite(owner.cookie, newcomer, "Name From Saffron")).status).toBe(200);
    expect(await env.DB.prepare("SELECT name FROM people WHERE phone = ?").bind(e164(newcomer)).first("name")).toBe("");
    expect((await invite(grillOwner.cookie, newcomer, "Name From Grill")).status).toBe(200);
    const grillStaff = await (await site("/console/staff", grillOwner.cookie)).text();
    expect(grillStaff).toContain("Name From Grill");
    expect(grillStaff).not.toContain("Name From Saffron");
  });

  it("are accepted only by the invitee, with the name they choose; the restaurant keeps its own name for them", async () => {
    const owner = await seedMember(SAFFRON, "owner");
    const local = freshLocal();
    await invite(owner.cookie, local, "Chef Alias", "manager");
    const row = (await memberRow(SAFFRON, e164(local)))!;
    const personId = (await env.DB.prepare("SELECT id FROM people WHERE phone = ?").bind(e164(local)).first<number>("id"))!;

    // Someone else cannot accept or decline it.
    const stranger = await seedMember(GRILL, "staff");
    expect((await post("/console/invitations", stranger.cookie, { intent: "accept", member: String(row.id), name: "Thief" })).status).toBe(404);
    expect((await post("/console/invitations", stranger.cookie, { intent: "decline", member: String(row.id) })).status).toBe(404);
    expect((await memberRow(SAFFRON, e164(local)))!.pending).toBe(1);

    const cookie = await signedIn(personId);
    // Their own name follows the one text rule.
    expect((await post("/console/invitations", cookie, { intent: "accept", member: String(row.id), name: "Mona\u202Eevil" })).status).toBe(422);
    expect((await post("/console/invitations", cookie, { intent: "accept", member: String(row.id), name: "" })).status).toBe(422);
    const accepted = await post("/console/invitations", cookie, { intent: "accept", member: String(row.id), name: "Mona Herself" });
    expect(accepted.status).toBe(303);
    // A manager starts on the orders board (owners on the first steps).
    expect(accepted.headers.get("location")).toBe("/console/orders");
    expect(accepted.headers.get("set-cookie")).toContain(`consoleRestaurant=${SAFFRON}`);
    expect(await memberRow(SAFFRON, e164(local))).toMatchObject({ pending: 0, name: "Chef Alias" });
    expect(await env.DB.prepare("SELECT name FROM people WHERE id = ?").bind(personId).first("name")).toBe("Mona Herself");
    await managerConsole(cookie);
    const staff = await (await site("/console/staff", owner.cookie)).text();
    expect(staff).toContain("Chef Alias");
    expect(staff).not.toContain("Mona Herself");
    // Accepting twice finds nothing open.
    expect((await post("/console/invitations", cookie, { intent: "accept", member: String(row.id), name: "Again" })).status).toBe(404);
  });

  it("can be declined; then nothing is left", async () => {
    const owner = await seedMember(SAFFRON, "owner");
    const local = freshLocal();
    await invite(owner.cookie, local, "Sami");
    const row = (await memberRow(SAFFRON, e164(local)))!;
    const personId = (await env.DB.prepare("SELECT id FROM people WHERE phone = ?").bind(e164(local)).first<number>("id"))!;
    expect((await post("/console/invitations", await signedIn(personId), { intent: "decline", member: String(row.id) })).status).toBe(200);
    expect(await memberRow(SAFFRON, e164(local))).toBeNull();
  });

  it("cannot steer a member's console: it opens in the restaurant used last, whatever invites a look-alike sends", async () => {
    const a = await restaurant("Zaatar House");
    const b = await restaurant("Yalla Grill");
    const person = await seedMember(a, "manager");
    await seedMember(b, "manager", [], person.personId);
    // They pick Yalla Grill on one device…
    const chosen = await post("/console/restaurant", person.cookie, { restaurant: String(b), returnTo: "/console" });
    expect(chosen.status).toBe(303);
    // …and another device (no restaurant cookie) opens there too.
    const other = await signedIn(person.personId);
    expect(await managerConsole(other)).toMatch(/data-testid="console-restaurant"[^>]*>Yalla Grill</);

    // A look-alike that sorts first invites them: nothing changes until they accept.
    const lookAlike = await restaurant("Aaa Yalla Grill");
    const evil = await seedMember(lookAlike, "owner");
    const phone = await env.DB.prepare("SELECT phone FROM people WHERE id = ?").bind(person.personId).first<string>("phone");
    expect((await invite(evil.cookie, `0${phone!.slice(4)}`, "Victim", "owner")).status).toBe(200);
    const third = await signedIn(person.personId);
    const home = await managerConsole(third);
    expect(home).toMatch(/data-testid="console-restaurant"[^>]*>Yalla Grill</);
    expect(home).toContain('data-testid="invitations-notice"');
  });

  it("let a person name themselves and leave a restaurant, never as its last owner", async () => {
    const id = await restaurant("Leave Cafe");
    const owner = await seedMember(id, "owner");
    const staff = await seedMember(id, "staff");
    expect((await post("/console/security", staff.cookie, { intent: "name", name: "Line\nbreak" })).status).toBe(422);
    expect((await post("/console/security", staff.cookie, { intent: "name", name: "New Me" })).status).toBe(200);
    expect(await env.DB.prepare("SELECT name FROM people WHERE id = ?").bind(staff.personId).first("name")).toBe("New Me");

    const left = await post("/console/security", staff.cookie, { intent: "leave" });
    expect(left.status).toBe(303);
    expect(await env.DB.prepare("SELECT 1 FROM members WHERE id = ?").bind(staff.memberId).first()).toBeNull();
    // The only owner stays.
    expect((await post("/console/security", owner.cookie, { intent: "leave" })).status).toBe(409);
    expect(await env.DB.prepare("SELECT role FROM members WHERE id = ?").bind(owner.memberId).first("role")).toBe("owner");
    // A pending owner is not "another owner": the last accepted one can still not step down.
    const local = freshLocal();
    await invite(owner.cookie, local, "Co Owner", "owner");
    expect((await post("/console/security", owner.cookie, { intent: "leave" })).status).toBe(409);
    expect((await post("/console/staff", owner.cookie, { intent: "role", member: String(owner.memberId), role: "manager" })).status).toBe(409);
  });
});
