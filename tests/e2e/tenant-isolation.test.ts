// Tenants never see each other's data on the running e2e instance: saffron and grill-house by path,
// and grill-house on its own hostname (menu.grillhouse.test, registered in KV by scripts/local-data.ts),
// warmed in every order from a purged cache, since a cache keyed on the wrong thing would show up
// as the first visitor's data on the second entry point. Forged Host/X-Forwarded-Host change nothing.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { api, get, purge, type Answer } from "./http";

const base = inject("baseUrl");
const PURGE_SECRET = "e2e-purge-secret"; // tests/e2e/global-setup.ts
const CUSTOM_HOST = "menu.grillhouse.test";

interface Tenant {
  domain: string;
  name: string;
  colours: string[];
  branchId: number;
  menuId: number;
  products: string[]; // every product name of its first branch
}
const tenants: Record<string, Tenant> = {};

async function loadTenant(domain: string): Promise<Tenant> {
  type Named = { id: number; name_en: string };
  const b = await api<{ restaurant: { name_en: string }; branch: Named[]; style: { primary: string; background: string } }>(base, "getBranch", { domain });
  const branchId = b.branch[0]!.id;
  const { menu } = await api<{ menu: Named[] }>(base, "getMenu", { domain, branch_id: branchId, visit: 0 });
  const products: string[] = [];
  for (const m of menu) {
    for (const c of await api<Named[]>(base, "getCategory", { domain, menu_id: m.id, visit: 0 })) {
      products.push(...(await api<Named[]>(base, "getProduct", { domain, category_id: c.id, visit: 0 })).map((p) => p.name_en));
    }
  }
  return { domain, name: b.restaurant.name_en, colours: [b.style.primary, b.style.background], branchId, menuId: menu[0]!.id, products };
}

beforeAll(async () => {
  for (const domain of ["saffron", "grill-house"]) tenants[domain] = await loadTenant(domain);
});

const other = (domain: string) => tenants[domain === "saffron" ? "grill-house" : "saffron"]!;

/** What only `tenant` has: its name, colours and the product names the other does not share. */
function distinctive(tenant: Tenant) {
  const theirs = new Set(other(tenant.domain).products);
  // Names HTML would escape are left out, so a plain substring search finds the rest.
  const products = tenant.products.filter((p) => !theirs.has(p) && p.length >= 5 && !/[&'"<>]/.test(p));
  return { name: tenant.name, colours: tenant.colours.filter((c) => !other(tenant.domain).colours.includes(c)), products };
}

/** An answer for `tenant`: its own data, none of the other's. */
function expectOnly(answer: Answer, tenant: Tenant, where: string) {
  expect(answer.status, where).toBe(200);
  const own = distinctive(tenant);
  const foreign = distinctive(other(tenant.domain));
  expect(answer.body, where).toContain(own.name);
  for (const c of own.colours) expect(answer.body, where).toContain(c);
  for (const text of [foreign.name, ...foreign.colours, ...foreign.products]) expect(answer.body, `${where}: ${text}`).not.toContain(text);
}

const ENTRY_POINTS = [
  { label: "/saffron", domain: "saffron", root: "/saffron", host: undefined },
  { label: "/grill-house", domain: "grill-house", root: "/grill-house", host: undefined },
  { label: CUSTOM_HOST, domain: "grill-house", root: "/", host: CUSTOM_HOST },
] as const;
type Entry = (typeof ENTRY_POINTS)[number];

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

const request = (path: string, host?: string, headers: Record<string, string> = {}) => get(`${base}${path}`, host ? { host, ...headers } : headers);

/** Branch list, branch home and first menu of an entry point; paths keep /{domain} on a custom host. */
async function visit(entry: Entry) {
  const tenant = tenants[entry.domain]!;
  const branch = `/${tenant.domain}/${tenant.branchId}`;
  const menu = `${branch}/${tenant.menuId}`;
  for (const path of [entry.root, branch, menu]) {
    const answer = await request(path, entry.host);
    expectOnly(answer, tenant, `${entry.label} ${path}`);
    if (path === menu) {
      // The menu page does show products, so the absence of the other's is meaningful.
      expect(distinctive(tenant).products.some((p) => answer.body.includes(p)), `${entry.label} ${path} shows products`).toBe(true);
    }
  }
}

const purgeBoth = () => Promise.all(["saffron", "grill-house"].map((d) => purge(base, PURGE_SECRET, d)));

describe("tenant isolation", () => {
  it.each(permutations(ENTRY_POINTS).map((order) => [order.map((e) => e.label).join(" → "), order] as const))(
    "warmed in the order %s",
    async (_, order) => {
      await purgeBoth();
      for (const entry of order) await visit(entry);
      // Once everything is cached, every entry point again, in the same order.
      for (const entry of order) await visit(entry);
    },
  );

  it("ignores a forged Host or X-Forwarded-Host, even when it reaches a cold cache first", async () => {
    await purgeBoth();
    const saffron = tenants.saffron!;
    const grill = tenants["grill-house"]!;
    // The platform's Host decides; forwarding headers are not read (docs/decisions/0004-tenancy.md).
    expectOnly(await request("/saffron", undefined, { "x-forwarded-host": CUSTOM_HOST, forwarded: `host=${CUSTOM_HOST}` }), saffron, "xfh on /saffron");
    expectOnly(await request("/", CUSTOM_HOST, { "x-forwarded-host": "localhost" }), grill, "xfh on the custom host");
    const home = await request("/", undefined, { "x-forwarded-host": CUSTOM_HOST });
    expect(home.status).toBe(200);
    expect(home.body).not.toContain(grill.name);
    // Another restaurant's path on a custom host, and hosts nobody registered: 404, no data, no cache read.
    const crossed = await request("/saffron", CUSTOM_HOST, { "x-forwarded-host": "localhost" });
    expect(crossed.status).toBe(404);
    expect(crossed.body).not.toContain(saffron.name);
    for (const host of ["evil.example", `${CUSTOM_HOST}.evil.example`, "grillhouse.test"]) {
      const unknown = await request("/saffron", host, { "x-forwarded-host": "localhost" });
      expect(unknown.status, host).toBe(404);
      expect(unknown.headers["server-timing"], host).toBeUndefined();
    }
    // The forged requests warmed the cache; the honest ones still get their own data.
    await visit(ENTRY_POINTS[0]);
    await visit(ENTRY_POINTS[2]);
    await visit(ENTRY_POINTS[1]);
  });
});
