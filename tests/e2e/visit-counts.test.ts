// Counted visits in the real runtime (wrangler dev over the production build, VISITS_FLUSH_SECONDS=1:
// a second instance of `npm start`'s configuration, the shared one keeps the deploy's minute):
// 100 concurrent cookie-less first views, each from an address of its own, are all counted in D1
// (none lost between the answer, the tally and its flush), and a client looping without cookies
// counts PER_CLIENT_HOURLY. The workers tests check the same inside vitest's runtime, which did not
// catch views lost to the runtime's hung-request check (docs/decisions/0016).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { serveBuilt, type ServedBuild } from "../../scripts/serve-build.ts";
import { startVars } from "../../scripts/start.ts";
import { PER_CLIENT_HOURLY } from "../../worker/rules/visit-limits";
import { api, get } from "./http";

let served: ServedBuild | undefined;
let base = "";
beforeAll(async () => {
  // Counted visits reach D1 within a second, not a minute.
  served = await serveBuilt("tmp/e2e-visits-state", (dir) => ({ ...startVars({}, `${dir}/secrets.vars`), VISITS_FLUSH_SECONDS: "1" }), {
    data: inject("demoData"),
  });
  base = served.baseUrl;
});
afterAll(() => served?.stop());
const menuVisits = async () => {
  const { menu } = await api<{ menu: { id: number; num_visit: number }[] }>(base, "getMenu", { domain: "saffron", branch_id: 1, visit: 0 });
  return menu.find((m) => m.id === 1)!.num_visit;
};
const views = (addresses: string[]) => Promise.all(addresses.map((ip) => get(`${base}/saffron/1/1`, { "cf-connecting-ip": ip })));
/** The menu's count once it has stopped moving (the tally flushes every second here). */
async function settledVisits(): Promise<number> {
  let last = await menuVisits();
  for (;;) {
    await new Promise((r) => setTimeout(r, 2_500));
    const now = await menuVisits();
    if (now === last) return now;
    last = now;
  }
}

describe("counted visits, in the running site", () => {
  it("counts each of 100 concurrent first views once, losing none", async () => {
    const before = await settledVisits();
    const net = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const answers = await views(Array.from({ length: 100 }, (_, i) => `${net}.${i}`));
    expect(answers.map((a) => a.status)).toEqual(Array(100).fill(200));
    expect(await settledVisits()).toBe(before + 100);
  });

  it("counts a client looping without cookies at most PER_CLIENT_HOURLY times", async () => {
    const before = await settledVisits();
    const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.250`;
    await views(Array(100).fill(ip));
    expect(await settledVisits()).toBe(before + PER_CLIENT_HOURLY);
  });
});
