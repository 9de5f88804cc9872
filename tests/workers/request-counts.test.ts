// The worker's always-on counts of what a request made the stores do (worker/edge/request-counts.ts):
// exact on D1 statements (each of a batch) and object calls, and right on a whole order placement.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { countedEnv, countingRequest, countsHeader } from "../../worker/edge/request-counts";
import { BATCH_MS } from "../../worker/rules/visit-limits";
import { catalogueRow } from "./catalogue";
import { seedMember } from "./console-members";
import { json } from "./helpers";
import { SAFFRON_ID } from "./restaurant-rows";

const fetchWorker = (url: string, init?: RequestInit) => exports.default.fetch(url, init);

/** The header's entries: name → [{ calls, obj }]. */
function entries(header: string) {
  const found = new Map<string, { calls: number; obj: string }[]>();
  for (const part of header
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean)) {
    const name = part.split(";")[0]!;
    const calls = Number(/desc="(\d+)"/.exec(part)?.[1] ?? Number.NaN);
    const obj = /obj="([0-9a-f]+)"/.exec(part)?.[1] ?? "";
    found.set(name, [...(found.get(name) ?? []), { calls, obj }]);
  }
  return found;
}
const shortId = (id: DurableObjectId) => id.toString().slice(0, 16);

describe("counting inside one request", () => {
  it("counts each D1 statement, a batch's one by one, and nothing outside a request", async () => {
    const db = countedEnv(env).DB;
    const header = await countingRequest(async () => {
      await db.prepare("SELECT 1 AS one").first();
      await db.prepare("SELECT ? AS two").bind(2).all();
      await db.batch([db.prepare("SELECT 3"), db.prepare("SELECT ?").bind(4), db.prepare("SELECT 5")]);
      return countsHeader();
    });
    expect(header).toBe('d1;desc="5"');
    await db.prepare("SELECT 6").first(); // outside any request: passes through
    expect(countsHeader()).toBe("");
  });

  it("counts every call to an object against that object, however many stubs reach it", async () => {
    const counted = countedEnv(env);
    const a = counted.LIMIT_LEDGER.idFromName("network counts-test-a");
    const b = counted.LIMIT_LEDGER.idFromName("network counts-test-b");
    const header = await countingRequest(async () => {
      await counted.LIMIT_LEDGER.get(a).wait("otp", "network", Date.now());
      await counted.LIMIT_LEDGER.get(a).wait("otp", "network", Date.now());
      const stub = counted.LIMIT_LEDGER.get(b);
      await stub.wait("otp", "network", Date.now());
      return countsHeader();
    });
    expect(entries(header).get("do-limit-ledger")).toEqual([
      { calls: 2, obj: shortId(a) },
      { calls: 1, obj: shortId(b) },
    ]);
    expect(countedEnv(env)).toBe(counted); // wrapped once per env
  });
});

describe("the worker's Server-Timing", () => {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetchWorker(`http://localhost/api${path}`, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", "cf-connecting-ip": "10.77.0.1", ...headers },
    });

  it("an order placement reports its D1 statements, its restaurant's one object and the verified phone's ledger", async () => {
    const phone = `0501${String(Date.now() % 1_000_000).padStart(6, "0")}`;
    const who = { domain: "saffron", branch_id: 1, name: "Sara", phone };
    expect((await post("/sendOtp", who)).status).toBe(200);
    const outbox = await json(await fetchWorker(`http://localhost/api/dev/outbox?phone=${phone}`));
    const code = /(\d{6})/.exec(outbox.data[0].body)![1]!;
    const token = (await json(await post("/verifyOtp", { ...who, otp_code: code }))).data.token as string;
    const product = await env.DB.prepare(
      "SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 1 AND p.hidden = 0 AND p.unavailable = 0 LIMIT 1",
    ).first<{ id: number }>();
    const placed = await post(
      "/storeOrder",
      { domain: "saffron", branch_id: 1, items: JSON.stringify([{ product_id: product!.id, amount: 1 }]) },
      { authorization: `Bearer ${token}` },
    );
    expect(placed.status).toBe(200);
    const found = entries(placed.headers.get("server-timing") ?? "");
    // One restaurant's object, Saffron's, reached (its token check, its limit's retry key, the order).
    const restaurant = found.get("do-restaurant") ?? [];
    expect(restaurant.map((r) => r.obj)).toEqual([shortId(env.RESTAURANT.idFromName(`restaurant:${SAFFRON_ID}`))]);
    expect(restaurant[0]!.calls).toBeGreaterThanOrEqual(2);
    // A verified phone's order limit is claimed in the phone's ledger alone, once (decision 0078).
    expect((found.get("do-limit-ledger") ?? []).map((l) => l.calls)).toEqual([1]);
    // The directory's and catalogue's reads, a whole number of statements (none once they leave D1).
    for (const d1 of found.get("d1") ?? []) expect(Number.isInteger(d1.calls) && d1.calls > 0).toBe(true);
  });

  it("a console screen's data (React Router's loaders) reports the session's D1 reads and the restaurant's object, in the render's line", async () => {
    const { cookie } = await seedMember(SAFFRON_ID, "owner");
    const res = await fetchWorker("http://localhost/console/orders.data", { headers: { cookie } });
    expect(res.status).toBe(200);
    await res.body?.cancel();
    const header = res.headers.get("server-timing") ?? "";
    const found = entries(header);
    expect(found.has("render")).toBe(true);
    // The session and memberships from D1; the board's orders from Saffron's object, the only one reached.
    expect(found.get("d1")?.[0]?.calls).toBeGreaterThanOrEqual(2);
    const restaurant = found.get("do-restaurant") ?? [];
    expect(restaurant.map((r) => r.obj)).toEqual([shortId(env.RESTAURANT.idFromName(`restaurant:${SAFFRON_ID}`))]);
    expect(restaurant[0]!.calls).toBeGreaterThanOrEqual(1);
  });

  it("the cart's checkout action (a React Router action over the embedded API) reports its object calls and the code's two ledgers", async () => {
    const product = await catalogueRow<{ id: number; price_minor: number; offer_minor: number }>(
      SAFFRON_ID,
      "SELECT p.id, p.price_minor, p.offer_minor FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 1 AND p.hidden = 0 AND p.unavailable = 0 LIMIT 1",
    );
    const unit = (product!.offer_minor > 0 ? product!.offer_minor : product!.price_minor) / 100;
    const form = new URLSearchParams({
      intent: "send-code",
      name: "Sara",
      phone: `0502${String(Date.now() % 1_000_000).padStart(6, "0")}`,
      items: JSON.stringify([{ id: product!.id, amount: 1, unit_price: unit }]),
    });
    const res = await fetchWorker("http://localhost/saffron/1/cart.data", { method: "POST", body: form, headers: { "cf-connecting-ip": "10.77.0.3" } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('"otp"');
    const found = entries(res.headers.get("server-timing") ?? "");
    expect(found.has("render")).toBe(true);
    expect(found.get("do-restaurant")?.map((r) => r.obj)).toEqual([shortId(env.RESTAURANT.idFromName(`restaurant:${SAFFRON_ID}`))]);
    // The code's limit, claimed in the phone's and the network's ledgers.
    expect((found.get("do-limit-ledger") ?? []).length).toBe(2);
  });

  it("says nothing for an answer that touched no store", async () => {
    const res = await fetchWorker("http://unknown.example/saffron");
    expect(res.status).toBe(404);
    expect(res.headers.get("server-timing")).toBeNull();
  });

  it("a page cache hit reads no D1 and no restaurant object; new diners' views in one batch call the restaurant's visit tally once", async () => {
    const returning = { headers: { "cf-connecting-ip": "10.77.0.2" } };
    await (await fetchWorker("http://localhost/saffron/1", returning)).text(); // read whole: the copy is kept
    await new Promise((r) => setTimeout(r, BATCH_MS + 50)); // the render's own batch is sent
    // Ten new diners at once (no visits cookie): their views are counted in one call to Saffron's tally,
    // reported by the answer that opened the batch (worker/edge/visits.ts).
    const hits = await Promise.all(
      Array.from({ length: 10 }, (_, i) => fetchWorker("http://localhost/saffron/1", { headers: { "cf-connecting-ip": `10.77.1.${i}` } })),
    );
    const tally = shortId(env.VISITS.idFromName("embedded\nsaffron"));
    const calls = hits.map((hit) => {
      const found = entries(hit.headers.get("server-timing") ?? "");
      expect(found.has("page")).toBe(true);
      expect(found.has("d1")).toBe(false);
      expect(found.has("do-restaurant")).toBe(false);
      return (found.get("do-visits") ?? []).map((entry) => (expect(entry.obj).toBe(tally), entry.calls));
    });
    expect(calls.flat()).toEqual([1]);
    // The next view after the batch was sent opens the next one.
    await new Promise((r) => setTimeout(r, BATCH_MS + 50));
    const later = await fetchWorker("http://localhost/saffron/1", { headers: { "cf-connecting-ip": "10.77.1.200" } });
    expect(entries(later.headers.get("server-timing") ?? "").get("do-visits")).toEqual([{ calls: 1, obj: tally }]);
  });
});
