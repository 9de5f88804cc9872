// One response-headers helper (app/lib/route-headers.ts) used by every route: each route module's
// `headers` export is the public or the private one, the console's and sign-up's are private, and a
// screen without one is a diner's screen under the branch layout (it inherits the layout's). And what
// the two answer, whatever a loader or an action sent.
// @vitest-environment node
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MARKETING_CACHE, privatePageHeaders, publicPageHeaders } from "../../app/lib/route-headers";

const ROOT = join(import.meta.dirname, "../..");
const routesSource = readFileSync(join(ROOT, "app/routes.ts"), "utf8");
/** Every module app/routes.ts registers, once. */
const modules = [...new Set([...routesSource.matchAll(/"(routes\/[^"]+\.tsx?)"/g)].map((m) => m[1]!))];
const source = (module: string) => readFileSync(join(ROOT, "app", module), "utf8");
const HEADERS_EXPORT = /export (?:const|function|let) headers\b[^\n]*/g;
const hasHeaders = (module: string) => /export (?:const|function|let) headers\b/.test(source(module));

const args = (loader: HeadersInit = {}, action: HeadersInit = {}, error?: HeadersInit) => ({
  loaderHeaders: new Headers(loader),
  actionHeaders: new Headers(action),
  parentHeaders: new Headers(),
  errorHeaders: error ? new Headers(error) : undefined,
});
const read = (init: HeadersInit) => Object.fromEntries(new Headers(init));

describe("every route module's headers", () => {
  it("reads the route table", () => {
    expect(modules.length).toBeGreaterThan(40);
    expect(modules).toEqual(expect.arrayContaining(["routes/console/menu-import.tsx", "routes/tenant/branches.tsx"]));
  });

  it("come from the helper: one line naming the public or the private policy", () => {
    const off = modules.flatMap((module) =>
      [...source(module).matchAll(HEADERS_EXPORT)]
        .map((m) => m[0])
        .filter((line) => !/^export const headers: Route\.HeadersFunction = (publicPageHeaders|privatePageHeaders);$/.test(line))
        .map((line) => `${module}: ${line}`),
    );
    expect(off).toEqual([]);
  });

  it("are private on the restaurant's side and on a diner's own screens", () => {
    const screens = modules.filter((m) => m.endsWith(".tsx") && /^routes\/(console|signup)\//.test(m));
    expect(screens.length).toBeGreaterThan(20);
    const priv = ["routes/tenant/cart.tsx", "routes/tenant/orders.tsx", "routes/tenant/invoice.tsx", "routes/tenant/service.tsx"];
    for (const module of [...screens, ...priv]) expect(source(module), module).toContain("export const headers: Route.HeadersFunction = privatePageHeaders;");
  });

  it("exist on every screen but a diner's screen under the branch layout, which inherits the layout's", () => {
    const branchScreens = [...routesSource.slice(routesSource.indexOf("branch-layout.tsx")).matchAll(/"(routes\/tenant\/[^"]+\.tsx)"/g)].map((m) => m[1]!);
    const without = modules.filter((m) => m.endsWith(".tsx") && /export default function/.test(source(m)) && !hasHeaders(m));
    expect(without.length).toBeGreaterThan(0);
    for (const module of without) expect(branchScreens, module).toContain(module);
    expect(source("routes/tenant/branch-layout.tsx")).toContain("= publicPageHeaders;");
  });
});

describe("the private policy", () => {
  it("is private, no-store whatever the loader said, and keeps the answer's other headers", () => {
    expect(read(privatePageHeaders(args()))).toEqual({ "cache-control": "private, no-store" });
    expect(read(privatePageHeaders(args({ "Cache-Control": "public, s-maxage=60" })))["cache-control"]).toBe("private, no-store");
    // The menu import's shape: a GET has an empty action's headers, still private.
    expect(read(privatePageHeaders(args({ "Cache-Control": "private, no-store" }, {})))).toEqual({ "cache-control": "private, no-store" });
    expect(read(privatePageHeaders(args({}, { "Retry-After": "30", "Cache-Control": "max-age=9" })))).toEqual({
      "cache-control": "private, no-store",
      "retry-after": "30",
    });
    expect(read(privatePageHeaders(args({}, {}, { "Retry-After": "5" })))).toEqual({ "cache-control": "private, no-store", "retry-after": "5" });
  });

  it("leaves cookies to React Router (it merges every loader's and action's Set-Cookie itself)", () => {
    expect(new Headers(privatePageHeaders(args({ "Set-Cookie": "a=1" }))).has("set-cookie")).toBe(false);
  });
});

describe("the public policy", () => {
  it("is a minute at the edge by default, revalidated by browsers, varying by cookie and language", () => {
    expect(read(publicPageHeaders(args()))).toEqual({ "cache-control": "public, max-age=0, s-maxage=60", vary: "Cookie, Accept-Language" });
  });

  it("takes the loader's own lifetime and language (a menu window closing soon, a marketing page)", () => {
    expect(read(publicPageHeaders(args({ "Cache-Control": "public, max-age=0, s-maxage=12" })))["cache-control"]).toBe("public, max-age=0, s-maxage=12");
    expect(read(publicPageHeaders(args({ "Cache-Control": MARKETING_CACHE, "Content-Language": "ar" })))).toEqual({
      "cache-control": MARKETING_CACHE,
      "content-language": "ar",
      vary: "Cookie, Accept-Language",
    });
  });

  it("answers an error with the error's own headers (Retry-After on a 503)", () => {
    expect(read(publicPageHeaders(args({}, {}, { "Retry-After": "30" })))).toEqual({ "retry-after": "30" });
  });
});
