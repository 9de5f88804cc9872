// Every answer of the restaurant's side is `private, no-store`, through the whole worker: each console
// and sign-up path app/routes.ts registers (screens as documents and as data, resource routes, the
// menu import that once sent no Cache-Control), signed in or not, a refusal or a redirect alike.
import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedMember } from "./console-members";
import { SAFFRON_ID } from "./restaurant-rows";
// The route table as text (workerd has no file system).
import routesSource from "../../app/routes.ts?raw";

/** A dish of saffron's (allergens-declared.test.ts's cappuccino) for the dish options' screen. */
const DISH = 14;
const withIds = (path: string) => path.replace(":branchId", "1").replace(":productId", String(DISH)).replace(":step", "options");

/** The console's and sign-up's paths, as the route table has them (the console's screens nest under "console"). */
function restaurantSidePaths(): { screens: string[]; resources: string[] } {
  const top = [...routesSource.matchAll(/^ {2}route\("((?:console|signup)[^"]*)", "([^"]+)"/gm)].map((m) => ({ path: `/${m[1]}`, file: m[2]! }));
  const frame = routesSource.slice(routesSource.indexOf('route("console", "routes/console/layout.tsx"'));
  const nested = [...frame.slice(0, frame.indexOf("]),")).matchAll(/^ {4}route\("([^"]+)", "([^"]+)"/gm)].map((m) => ({
    path: `/console/${m[1]}`,
    file: m[2]!,
  }));
  const all = [...top, { path: "/console", file: "routes/console/home.tsx" }, ...nested].map((r) => ({ ...r, path: withIds(r.path) }));
  return { screens: all.filter((r) => r.file.endsWith(".tsx")).map((r) => r.path), resources: all.filter((r) => r.file.endsWith(".ts")).map((r) => r.path) };
}

const call = (path: string, cookie: string | null, init: RequestInit = {}) =>
  exports.default.fetch(`http://localhost${path}`, { redirect: "manual", ...init, headers: { ...(cookie ? { cookie } : {}), ...init.headers } });

let owner: string;
let staff: string;
beforeAll(async () => {
  owner = (await seedMember(SAFFRON_ID, "owner")).cookie;
  staff = (await seedMember(SAFFRON_ID, "staff", [1])).cookie;
});

describe("the restaurant's side's headers", () => {
  const { screens, resources } = restaurantSidePaths();

  it("reads the route table", () => {
    expect(screens).toEqual(expect.arrayContaining(["/console", "/console/menu/import", "/console/orders", "/signup", "/console/sign-in"]));
    expect(resources).toEqual(expect.arrayContaining(["/console/menu/export.csv", "/console/pictures", "/signup/check"]));
  });

  it("every screen, as a document and as data, to an owner, to a staff member and to no one", { timeout: 120_000 }, async () => {
    for (const path of screens) {
      for (const [who, cookie] of [
        ["owner", owner],
        ["staff", staff],
        ["no one", null],
      ] as const) {
        for (const url of [path, `${path}.data`]) {
          const res = await call(url, cookie);
          expect(res.headers.get("cache-control"), `${who} ${url}: ${res.status}`).toBe("private, no-store");
          await res.body?.cancel();
        }
      }
    }
  });

  it("the menu import's screen, read and posted to", async () => {
    const read = await call("/console/menu/import", owner);
    expect(read.status).toBe(200);
    expect(read.headers.get("cache-control")).toBe("private, no-store");
    await read.body?.cancel();
    const posted = await call("/console/menu/import", owner, { method: "POST", body: new URLSearchParams({ intent: "nonsense" }) });
    expect(posted.headers.get("cache-control"), String(posted.status)).toBe("private, no-store");
    await posted.body?.cancel();
  });

  it("every resource route, read and posted to without a session", async () => {
    for (const path of resources) {
      for (const method of ["GET", "POST"]) {
        const res = await call(path, method === "GET" ? owner : null, { method, ...(method === "POST" ? { body: new URLSearchParams() } : {}) });
        expect(res.headers.get("cache-control"), `${method} ${path}: ${res.status}`).toBe("private, no-store");
        await res.body?.cancel();
      }
    }
  });
});
