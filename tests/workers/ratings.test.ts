// A diner's word after the meal (docs/decisions/0055) through the embedded API, the brand screen and
// insights: only a ready order of the token's phone is rated (409 not_ready before, already_rated after,
// 404 for another's), once under 50 concurrent tries; bad stars and notes 422; a high rating gets the
// restaurant's review link (https only, set on the brand screen), a low one not; insights show it.
import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { catalogueRow, catalogueRows, catalogueRun, plainDish } from "./catalogue";
import { SOCIAL_TYPES } from "../../app/lib/social";
import { consolePost, seedMember } from "./console-members";
import { apiCaller, dinerToken, json } from "./helpers";
import { SAFFRON_ID } from "./restaurant-rows";
import { ORDER_STATUS } from "../../worker/rules/status-table";

const call = apiCaller(84);
const PHONE = "+971501239001";
let token: string;
let dish: number;
let owner: string;

/** A new order by SMS code, moved to `status` behind the board's back. */
async function order(status: number = ORDER_STATUS.ready): Promise<number> {
  const stored = await json(
    await call(
      "/storeOrder",
      { domain: "saffron", branch_id: 1, items: JSON.stringify([{ product_id: dish, amount: 1 }]) },
      { authorization: `Bearer ${token}` },
    ),
  );
  await catalogueRun(SAFFRON_ID, "UPDATE orders SET status = ? WHERE id = ?", status, stored.data.order_id);
  return stored.data.order_id;
}
const rate = (id: number, body: object, bearer = token) => call(`/order/rate/${id}`, body, { authorization: `Bearer ${bearer}` });

beforeAll(async () => {
  // Ordering open whenever this runs: no hours on branch 1 in this file's storage.
  await catalogueRun(SAFFRON_ID, "UPDATE branches SET opening_hours = NULL, paused_until = NULL WHERE id = 1");
  dish = await plainDish(SAFFRON_ID, 1);
  token = await dinerToken(call, PHONE);
  owner = (await seedMember(SAFFRON_ID, "owner")).cookie;
});

describe("rating an order", () => {
  it("waits until the order is ready (409 not_ready), then takes one rating (409 already_rated after)", async () => {
    const id = await order(ORDER_STATUS.inProcess);
    const early = await rate(id, { stars: 5 });
    expect(early.status).toBe(409);
    expect((await json(early)).errorCode).toBe("not_ready");
    await catalogueRun(SAFFRON_ID, "UPDATE orders SET status = ? WHERE id = ?", ORDER_STATUS.ready, id);
    const rated = await rate(id, { stars: 4, note: "Lovely eggs" });
    expect(rated.status).toBe(200);
    expect((await json(rated)).data).toEqual({ stars: 4, review_url: null });
    const again = await rate(id, { stars: 1 });
    expect(again.status).toBe(409);
    expect((await json(again)).errorCode).toBe("already_rated");
    const listed = await json(await call("/getOrder", { domain: "saffron", phoneCustomer: PHONE, all: 1 }, { authorization: `Bearer ${token}` }));
    expect(listed.data.find((o: { id: number }) => o.id === id).rating).toEqual({ stars: 4, note: "Lovely eggs" });
  });

  it("is stored once under 50 concurrent tries (one 200, 49 × 409)", async () => {
    const id = await order();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => rate(id, { stars: (i % 5) + 1 })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
  });

  it("refuses bad stars and notes (422), another phone's order (404) and no token (401), storing nothing", async () => {
    const id = await order();
    for (const body of [{ stars: 0 }, { stars: 6 }, { stars: "x" }, {}, { stars: 3, note: "a".repeat(301) }, { stars: 3, note: "bad\u202Etext" }]) {
      expect((await rate(id, body)).status, JSON.stringify(body)).toBe(422);
    }
    const other = await dinerToken(call, "+971501239002");
    expect((await rate(id, { stars: 5 }, other)).status).toBe(404);
    expect((await call(`/order/rate/${id}`, { stars: 5 })).status).toBe(401);
    expect((await catalogueRow<{ rating: number | null }>(SAFFRON_ID, "SELECT rating FROM orders WHERE id = ?", id))!.rating).toBeNull();
  });

  it("offers the review link set on the brand screen after 4 or 5 stars, not after 3; the link must be https", async () => {
    // The form as the browser sends it: every network's link as stored, and the review link.
    const stored = await catalogueRows<{ type: number; value: string }>(SAFFRON_ID, "SELECT type, value FROM socials ORDER BY id");
    const links = Object.fromEntries(SOCIAL_TYPES.map((type, i) => [type, stored.find((row) => row.type === i)?.value ?? ""]));
    const socials = (review_url: string) => consolePost("/console/branches/brand", owner, { intent: "socials", ...links, review_url });
    const refused = await socials("http://g.page/r/saffron/review");
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("https://");
    expect((await socials("https://g.page/r/saffron/review")).status).toBe(200);
    expect((await json(await rate(await order(), { stars: 5 }))).data.review_url).toBe("https://g.page/r/saffron/review");
    expect((await json(await rate(await order(), { stars: 3 }))).data.review_url).toBeNull();
  });
});

describe("ratings in insights", () => {
  it("show the period's average, the count of each star and the latest notes", async () => {
    const html = await (await exports.default.fetch("http://localhost/console/insights?branch=1&days=7&lng=en", { headers: { cookie: owner } })).text();
    expect(html).toContain('data-testid="insights-ratings"');
    const rows = await catalogueRow<{ n: number; total: number }>(
      SAFFRON_ID,
      "SELECT count(*) AS n, sum(rating) AS total FROM orders WHERE branch_id = 1 AND rating IS NOT NULL",
    );
    const average = (Math.round((rows!.total * 10) / rows!.n) / 10).toFixed(1);
    expect(html).toContain(`${average} ★ from ${rows!.n} rating${rows!.n === 1 ? "" : "s"}`);
    expect(html).toContain("Lovely eggs");
  });
});
