// Calls from a table (docs/decisions/0055) through the embedded API and the board: a branch's switch
// (409 service_off while off), bad bodies (422), one open call per table and kind under a burst of 100
// from one address and from 100 addresses of one IPv6 /64, a table's hourly bound (429), the board's
// acknowledgement claimed once under 50 concurrent taps, and another restaurant's staff refused.
import { apiApp } from "../../worker/contract/catalogue";
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { CALLS_PER_TABLE_HOUR } from "../../worker/restaurant/service-calls";
import { catalogueRow, catalogueRows, catalogueRun, GRILL_ID } from "./catalogue";
import { consolePost, seedMember } from "./console-members";
import { json } from "./helpers";
import { SAFFRON_ID } from "./restaurant-rows";

/** One request from `address` (an IPv4 or IPv6 client). */
const from = (address: string, path: string, body: unknown) =>
  apiApp.request(path, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", "cf-connecting-ip": address } }, env);
/** Address `i` of one /64 (each a different full IPv6 address). */
const inNetwork = (net: string, i: number) => `2001:db8:${net}:9:${(i + 1).toString(16)}:${((i * 7919) % 65_536).toString(16)}:0:1`;
const call = (table: number, kind: "waiter" | "bill", extra: object = {}, address = "10.77.0.1") =>
  from(address, "/service/call", { domain: "saffron", branch_id: 1, table_id: table, kind, ...extra });
const openOf = (table: number) =>
  catalogueRows<{ public_id: string; kind: string }>(
    SAFFRON_ID,
    "SELECT public_id, kind FROM service_calls WHERE branch_id = 1 AND table_id = ? AND acknowledged_at IS NULL",
    table,
  );

beforeAll(async () => {
  await catalogueRun(SAFFRON_ID, "UPDATE branches SET service_calls = CASE id WHEN 1 THEN 1 ELSE 0 END");
});

describe("a call from a table", () => {
  it("is refused while the branch takes none (409 service_off), and the branch says whether it takes them", async () => {
    const off = await from("10.77.0.2", "/service/call", { domain: "saffron", branch_id: 2, table_id: 4, kind: "waiter" });
    expect(off.status).toBe(409);
    expect((await json(off)).errorCode).toBe("service_off");
    const menus = await json(await from("10.77.0.2", "/getMenu", { domain: "saffron", branch_id: 1 }));
    expect(menus.data.branch.service_calls).toBe(1);
  });

  it("answers bad bodies with 422 naming the field, an unknown branch with 403, and makes nothing", async () => {
    const cases: [object, string][] = [
      [{ table_id: 3, kind: "dance" }, "kind"],
      [{ table_id: 0, kind: "waiter" }, "table_id"],
      [{ table_id: "7; DROP", kind: "waiter" }, "table_id"],
      // Only a table the branch can have: its codes stop at 9999 (docs/decisions/0062).
      [{ table_id: 10_000, kind: "waiter" }, "table_id"],
      [{ table_id: 2_147_483_647, kind: "waiter" }, "table_id"],
      [{ table_id: 3, kind: "bill" }, "pay"],
      [{ table_id: 3, kind: "bill", pay: "crypto" }, "pay"],
    ];
    for (const [body, field] of cases) {
      const res = await from("10.77.0.3", "/service/call", { domain: "saffron", branch_id: 1, ...body });
      expect(res.status, field).toBe(422);
      expect(Object.keys((await json(res)).errors), field).toContain(field);
    }
    expect((await from("10.77.0.3", "/service/call", { domain: "saffron", branch_id: 999, table_id: 3, kind: "waiter" })).status).toBe(403);
    expect(await openOf(3)).toEqual([]);
    expect(await openOf(10_000)).toEqual([]);
    const list = await from("10.77.0.3", "/service/calls", { domain: "saffron", branch_id: 1, table_id: 10_000 });
    expect(list.status).toBe(422);
    expect(Object.keys((await json(list)).errors)).toEqual(["table_id"]);
    // The highest table a code carries is one.
    expect((await from("10.77.0.3", "/service/calls", { domain: "saffron", branch_id: 1, table_id: 9999 })).status).toBe(200);
  });

  it("makes one open call per table and kind under 100 concurrent taps from one address, each answered with it or a 429", async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, () => call(7, "bill", { pay: "card" }, "10.77.1.1")));
    const bodies = await Promise.all(answers.map((r) => json(r)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    const ids = new Set(bodies.filter((_, i) => statuses[i] === 200).map((b) => b.data.id));
    expect(ids.size).toBe(1);
    const open = await openOf(7);
    expect(open).toHaveLength(1);
    expect(open[0]!.public_id).toBe([...ids][0]);
    const first = bodies.find((_, i) => statuses[i] === 200).data;
    expect(first).toMatchObject({ kind: "bill", pay: "card", acknowledged_at: null, channel: `service-${first.id}` });
    // A waiter call from the same table is its own.
    expect((await json(await call(7, "waiter"))).data.id).not.toBe(first.id);
  });

  it("makes one under 100 concurrent taps from 100 addresses of one IPv6 /64, the network bounded as one", async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => call(8, "waiter", {}, inNetwork("a8", i))));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    expect(await openOf(8)).toHaveLength(1);
    // Taps that found the open call gave their claim back: the /64 can still call from another table.
    expect((await call(9, "waiter", {}, inNetwork("a8", 200))).status).toBe(200);
  });

  it("bounds a table's calls an hour, acknowledged ones included (429)", async () => {
    const now = Date.now();
    for (let i = 0; i < CALLS_PER_TABLE_HOUR; i++)
      await catalogueRun(
        SAFFRON_ID,
        "INSERT INTO service_calls (public_id, branch_id, table_id, kind, created_at, acknowledged_at) VALUES (?, 1, 11, 'waiter', ?, ?)",
        `${"b".repeat(30)}${String(i).padStart(2, "0")}`,
        now - 60_000,
        now - 30_000,
      );
    const refused = await call(11, "waiter", {}, "10.77.2.1");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await openOf(11)).toEqual([]);
  });

  it("lists a table's calls for its diners (open, and acknowledged a short while ago), and no other table's", async () => {
    const listed = await json(await from("10.77.0.4", "/service/calls", { domain: "saffron", branch_id: 1, table_id: 7 }));
    expect(listed.data.map((c: { kind: string }) => c.kind).sort()).toEqual(["bill", "waiter"]);
    const other = await json(await from("10.77.0.4", "/service/calls", { domain: "saffron", branch_id: 1, table_id: 6 }));
    expect(other.data).toEqual([]);
  });
});

describe("the board's acknowledgement", () => {
  let staff: string;
  beforeAll(async () => {
    staff = (await seedMember(SAFFRON_ID, "staff", [1])).cookie;
  });
  const ack = (cookie: string, id: string) => consolePost("/console/orders?branch=1", cookie, { intent: "ack", call: id });

  it("shows the branch's open calls on the board, with the table and the kind", async () => {
    const { data } = await json(await call(12, "bill", { pay: "counter" }));
    const page = await (await exports.default.fetch("http://localhost/console/orders?branch=1&lng=en", { headers: { cookie: staff } })).text();
    expect(page).toContain(`data-call-id="${data.id}"`);
    expect(page).toContain("Table 12");
  });

  it("is claimed once under 50 concurrent taps (one 200, 49 × 409), and the diner's list says so", async () => {
    const { data } = await json(await call(13, "waiter"));
    const answers = await Promise.all(Array.from({ length: 50 }, () => ack(staff, data.id)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const row = await catalogueRow<{ acknowledged_at: number | null }>(SAFFRON_ID, "SELECT acknowledged_at FROM service_calls WHERE public_id = ?", data.id);
    expect(row!.acknowledged_at).toBeGreaterThan(0);
    const listed = await json(await from("10.77.0.5", "/service/calls", { domain: "saffron", branch_id: 1, table_id: 13 }));
    expect(listed.data[0].acknowledged_at).toBe(row!.acknowledged_at);
    // A new call from the table after the acknowledgement is a new one.
    expect((await json(await call(13, "waiter"))).data.id).not.toBe(data.id);
  });

  it("refuses another restaurant's staff (404) and a bad form (400), and leaves the call open", async () => {
    const { data } = await json(await call(14, "waiter"));
    const grill = (await seedMember(GRILL_ID, "owner")).cookie;
    expect((await consolePost("/console/orders", grill, { intent: "ack", call: data.id })).status).toBe(404);
    expect((await ack(staff, "not-a-call")).status).toBe(400);
    expect((await openOf(14)).map((c) => c.public_id)).toEqual([data.id]);
  });
});

describe("the table's service screen", () => {
  const page = (path: string, init: RequestInit = {}) =>
    exports.default.fetch(`http://localhost${path}`, { ...init, headers: { "accept-language": "en", ...init.headers } });
  const post = (path: string, fields: Record<string, string>) =>
    page(path, { method: "POST", body: new URLSearchParams(fields), headers: { "content-type": "application/x-www-form-urlencoded" } });

  it("exists only at a table of a branch that takes calls (404 elsewhere), private, with the Waiter link in the bottom bar", async () => {
    const res = await page("/table/7/saffron/1/service");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = await res.text();
    expect(html).toContain("Table 7");
    expect(html).toContain('href="/table/7/saffron/1/service"');
    expect((await page("/saffron/1/service")).status).toBe(404);
    expect((await page("/table/7/saffron/2/service")).status).toBe(404);
    // No branch has a table its codes cannot carry.
    expect((await page("/table/10000/saffron/1/service")).status).toBe(404);
    expect((await post("/table/10000/saffron/1/service", { kind: "waiter" })).status).toBe(404);
    // Without a table the bottom bar has no Waiter.
    expect(await (await page("/saffron/1")).text()).not.toContain("/service");
  });

  it("takes a call by a plain form post, refuses a bad one (400) and keeps the screen", async () => {
    const sent = await post("/table/21/saffron/1/service", { kind: "bill", pay: "counter" });
    expect(sent.status).toBe(200);
    expect((await openOf(21)).map((c) => c.kind)).toEqual(["bill"]);
    const bad = await post("/table/21/saffron/1/service", { kind: "bill", pay: "bitcoin" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("The call could not be sent");
    expect((await post("/table/21/saffron/2/service", { kind: "waiter" })).status).toBe(404);
  });
});
