// Every action of app/routes.ts against bodies that are not forms (docs/decisions/0036, Bodies): JSON, multipart
// without a boundary and text/plain, signed out and signed in as the restaurant's owner, as a page post
// and as a data request. Each answer is a 4xx (or the sign-in redirect), never a 500 or a stack trace.
import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { catalogueRow } from "./catalogue";
import { seedMember } from "./console-members";
import { SAFFRON_ID } from "./restaurant-rows";

interface Entry {
  path?: string;
  file: string;
  index?: boolean;
  children?: Entry[];
}
const sources = import.meta.glob("../../app/routes/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
const hasAction = (file: string) => /export (async )?(function|const) action\b/.test(sources[`../../app/${file}`] ?? "");

/** Every route path with its file, children joined to their parents'. */
function walk(entries: readonly Entry[], prefix = ""): { path: string; file: string }[] {
  return entries.flatMap((e) => {
    const path = e.index ? prefix : [prefix, e.path ?? ""].filter(Boolean).join("/");
    return [{ path, file: e.file }, ...walk(e.children ?? [], path)];
  });
}

const BODIES: Record<string, { type: string; body: string }> = {
  json: { type: "application/json", body: JSON.stringify({ intent: "send", phone: "0501234567", name: "x" }) },
  "multipart without a boundary": { type: "multipart/form-data", body: '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsend\r\n--x--\r\n' },
  "text/plain": { type: "text/plain", body: "intent=send&phone=0501234567" },
};

let owner: string;
let params: Record<string, string>;
beforeAll(async () => {
  owner = (await seedMember(1, "owner")).cookie;
  const product = await catalogueRow<{ id: number; menu_id: number }>(
    SAFFRON_ID,
    "SELECT p.id, c.menu_id FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 1 LIMIT 1",
  );
  params = {
    domain: "saffron",
    branchId: "1",
    menu: String(product!.menu_id),
    product: String(product!.id),
    productId: String(product!.id),
    table: "1",
    table2: "1",
    step: "sign-in-options",
  };
});

const concrete = (path: string) => `/${path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? "1")}`;

describe("actions never answer a non-form body with a 500", { timeout: 120_000 }, () => {
  it("walks app/routes.ts and finds the actions", () => {
    const targets = walk(routes as Entry[]).filter((r) => hasAction(r.file) && !r.path.includes("*"));
    // The sign-up, the account page and the cart are among them (the first two once answered such bodies with a 500).
    for (const path of ["signup", "console/account", ":domain/:branchId/cart"]) expect(targets.map((t) => t.path)).toContain(path);
  });

  it("answers each with a 4xx, signed out and signed in, as a page post and as a data request", async () => {
    const targets = walk(routes as Entry[]).filter((r) => hasAction(r.file) && !r.path.includes("*"));
    const failures: string[] = [];
    for (const target of targets) {
      for (const suffix of ["", ".data"]) {
        for (const [kind, { type, body }] of Object.entries(BODIES)) {
          for (const cookie of ["", owner]) {
            const url = `http://localhost${concrete(target.path)}${suffix}`;
            const res = await exports.default.fetch(url, {
              method: "POST",
              body,
              redirect: "manual",
              headers: { origin: "http://localhost", "content-type": type, ...(cookie ? { cookie } : {}) },
            });
            const text = await res.text();
            // A data request's redirect is a 202 whose body names the target.
            const location = suffix === ".data" && res.status === 202 ? /"redirect","([^"]*)"/.exec(text)?.[1] : res.headers.get("location");
            const redirected = (res.status >= 300 && res.status < 400) || (suffix === ".data" && res.status === 202 && location !== undefined);
            const toSignIn = redirected && /^\/console\/sign-in/.test(location ?? "");
            // A data request carries an action's status in X-Remix-Status when it redirects.
            const clientError = (res.status >= 400 && res.status < 500) || toSignIn;
            // Two right answers that are not errors: the passkey steps take JSON (their own body), and
            // the sign-in page sends someone already signed in on before reading anything.
            const expected =
              (target.path === "console/passkey/:step" && kind === "json") ||
              (target.path === "console/sign-in" && cookie && redirected && location === "/console");
            if (!(clientError || expected) || /\n\s+at .+:\d+:\d+/.test(text))
              failures.push(`${res.status} ${kind} ${cookie ? "signed in" : "signed out"} ${url}: ${text.slice(0, 120)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
