// Every diner page's head as search engines and chat apps read it (issue 40), through the whole worker:
// on the platform's host and on a restaurant's own hostname (description, Open Graph with an absolute
// picture on that host, canonical, hreflang, JSON-LD that parses); a table path's and a filtered view's
// canonical; each host's sitemap; drafts and inactive restaurants in none of them, and noindex; og:image
// a share copy chat apps show (an uploaded picture's JPEG sibling, the demo's committed copies), never an SVG.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createRestaurant } from "../../worker/console/signup";
import { registerHost } from "../../worker/directory/hosts";
import { ensurePerson } from "../../worker/directory/people";
import { startSession } from "../../worker/directory/sessions";
import { bumpTenantVersion } from "../../worker/directory/versions";
import worker from "../../worker/index";
import { testUpstream } from "./helpers";
import { catalogueRow, catalogueRun, GRILL_ID } from "./catalogue";

const OWN = "menu.grillhouse.test";

async function page(url: string, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(url, { redirect: "manual", ...init }), env, ctx);
  const text = await res.text();
  await waitOnExecutionContext(ctx); // the page cache's copy lands before the next request
  return { status: res.status, headers: res.headers, text };
}

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
/** The head's meta/link values the way a link preview reads them. */
function head(html: string) {
  const part = html.slice(0, html.indexOf("</head>"));
  const meta = (key: string) => {
    const found = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(part)?.[1];
    return found === undefined ? undefined : decode(found);
  };
  const link = (rel: string, lang?: string) =>
    new RegExp(`<link rel="${rel}"${lang ? ` hreflang="${lang}"` : ""} href="([^"]*)"`).exec(part)?.[1]?.replace(/&amp;/g, "&");
  const jsonLd = [...part.matchAll(/<script type="application\/ld\+json" nonce="[^"]+">([^<]*)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
  return { meta, link, jsonLd, title: /<title>([^<]*)<\/title>/.exec(part)?.[1] };
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => decode(m[1]!));

beforeAll(async () => {
  // The seed registers the host → restaurant entry only; a proven host has both (worker/directory/hosts.ts).
  await registerHost(env.HOSTS, OWN, "grill-house");
});

describe("a diner page's head on the platform's host", () => {
  it.each([
    ["branch list", "/saffron", "Restaurant"],
    ["branch home", "/saffron/1", "Restaurant"],
    ["menu page", "/saffron/1/1", "Menu"],
    ["dish page", "/saffron/1/1/1", "MenuItem"],
  ])("%s: description, Open Graph, canonical, hreflang and JSON-LD in both languages", async (_label, path, type) => {
    for (const lang of ["en", "ar"] as const) {
      const { status, text } = await page(`http://localhost${path}?lng=${lang}`);
      expect(status).toBe(200);
      const h = head(text);
      expect(h.meta("description")?.length).toBeGreaterThan(15);
      expect(h.meta("og:title")).toBe(decode(h.title!));
      expect(h.meta("og:description")).toBe(h.meta("description"));
      expect(h.meta("og:image")).toMatch(/^http:\/\/localhost\/storage\/.+/);
      expect(h.meta("og:locale")).toBe(`${lang}_AE`);
      expect(h.meta("og:locale:alternate")).toBe(`${lang === "en" ? "ar" : "en"}_AE`);
      expect(h.meta("twitter:card")).toMatch(/^summary/);
      expect(h.link("canonical")).toBe(`http://localhost${path}?lng=${lang}`);
      expect(h.meta("og:url")).toBe(h.link("canonical"));
      expect(h.link("alternate", "en")).toBe(`http://localhost${path}?lng=en`);
      expect(h.link("alternate", "ar")).toBe(`http://localhost${path}?lng=ar`);
      expect(h.link("alternate", "x-default")).toBe(`http://localhost${path}`);
      expect(h.jsonLd.map((thing) => thing["@type"])).toContain(type);
      expect(h.jsonLd.every((thing) => thing["@context"] === "https://schema.org")).toBe(true);
      expect(text).not.toContain('name="robots"');
    }
  });

  it("describes the branch as a Restaurant in both languages, and a menu's dishes with prices in its currency", async () => {
    const home = head((await page("http://localhost/saffron/1?lng=ar")).text).jsonLd[0]!;
    expect(home).toMatchObject({ "@type": "Restaurant", currenciesAccepted: "AED", hasMenu: "http://localhost/saffron/1" });
    expect(home.name).toMatch(/[\u0600-\u06ff]/);
    expect(home.alternateName).toMatch(/Saffron/);
    expect(home.telephone).toMatch(/^\+971\d+$/);
    const menu = head((await page("http://localhost/saffron/1/1?lng=en")).text).jsonLd[0] as { hasMenuSection: { hasMenuItem: Record<string, unknown>[] } };
    const item = menu.hasMenuSection.hasMenuItem[0]!;
    expect(item).toMatchObject({ "@type": "MenuItem", url: "http://localhost/saffron/1/1/1", offers: { "@type": "Offer", priceCurrency: "AED" } });
    expect((item.offers as { price: string }).price).toMatch(/^\d+\.\d\d$/);
  });

  it("gives a table path and a filtered view the plain page's canonical; without ?lng= the x-default is", async () => {
    const table = head((await page("http://localhost/table/3/saffron/1?lng=en")).text);
    expect(table.link("canonical")).toBe("http://localhost/saffron/1?lng=en");
    // Each language version is its own canonical, the negotiated address too (Lighthouse fails one pointing to another).
    const negotiated = head((await page("http://localhost/table/3/saffron/1", { headers: { "accept-language": "ar" } })).text);
    expect(negotiated.link("canonical")).toBe("http://localhost/saffron/1");
    expect(negotiated.link("alternate", "x-default")).toBe("http://localhost/saffron/1");
    expect(negotiated.meta("og:locale")).toBe("ar_AE");
    const filtered = head((await page("http://localhost/table/3/saffron/1/1?diet=vegan&view=list&lng=ar")).text);
    expect(filtered.link("canonical")).toBe("http://localhost/saffron/1/1?lng=ar");
    const category = head((await page("http://localhost/saffron/1/1?category=2&diet=vegan&lng=en")).text);
    expect(category.link("canonical")).toBe("http://localhost/saffron/1/1?category=2&lng=en");
  });

  it("marks personal pages and pages that were not found noindex, with no description to share", async () => {
    const cart = await page("http://localhost/saffron/1/cart?lng=en");
    expect(head(cart.text).meta("robots")).toBe("noindex");
    expect(head(cart.text).meta("og:title")).toBeUndefined();
    const closed = await page("http://localhost/closed-bistro?lng=en");
    expect(closed.status).toBe(404);
    expect(head(closed.text).meta("robots")).toBe("noindex");
    expect(head(closed.text).meta("og:title")).toBeUndefined();
  });
});

describe("a restaurant's own hostname", () => {
  it("is every page's canonical, the platform's paths included, with pictures on the host the page is served from", async () => {
    for (const [url, canonical] of [
      [`http://${OWN}/?lng=en`, `https://${OWN}/?lng=en`],
      [`http://${OWN}/grill-house/3?lng=ar`, `https://${OWN}/grill-house/3?lng=ar`],
      [`http://localhost/grill-house/3?lng=en`, `https://${OWN}/grill-house/3?lng=en`],
      [`http://localhost/grill-house?lng=en`, `https://${OWN}/?lng=en`],
    ]) {
      const { status, text } = await page(url);
      expect(status, url).toBe(200);
      const h = head(text);
      expect(h.link("canonical"), url).toBe(canonical);
      expect(h.link("alternate", "x-default"), url).toBe(canonical.replace(/\?lng=\w+$/, ""));
      expect(h.meta("og:image"), url).toMatch(new RegExp(`^${new URL(url).origin}/storage/`));
      expect(h.jsonLd.length, url).toBeGreaterThan(0);
    }
  });

  it("has a robots.txt and a sitemap listing exactly its live pages, with their alternates, kept at the edge until a purge", async () => {
    expect((await page(`http://${OWN}/robots.txt`)).text).toContain(`Sitemap: http://${OWN}/sitemap.xml`);
    const first = await page(`http://${OWN}/sitemap.xml`);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toContain("application/xml");
    expect(first.text).toContain(`hreflang="ar" href="https://${OWN}/?lng=ar"`);
    const listed = locs(first.text);
    expect(listed.every((u) => u.startsWith(`https://${OWN}/`))).toBe(true);
    // Exactly: the restaurant's branches, their menus and their visible dishes, as the API gives them.
    const { upstream } = testUpstream();
    const expected = new Set([`https://${OWN}/`]);
    for (const b of (await upstream.getBranch("grill-house")).branch) {
      expected.add(`https://${OWN}/grill-house/${b.id}`);
      for (const m of (await upstream.getMenu("grill-house", b.id)).menu) expected.add(`https://${OWN}/grill-house/${b.id}/${m.id}`);
      for (const p of (await upstream.getCatalogue("grill-house", b.id)).products) {
        if (!p.hidden) expected.add(`https://${OWN}/grill-house/${b.id}/${p.menu_id}/${p.id}`);
      }
    }
    expect(new Set(listed)).toEqual(expected);
    expect(listed.some((u) => u.includes("saffron"))).toBe(false);
    // Each listed page is served, and says it is its own canonical address.
    for (const url of listed.slice(0, 4)) {
      const served = await page(url.replace("https://", "http://") + (url.includes("?") ? "&" : "?") + "lng=en");
      expect(served.status, url).toBe(200);
      expect(head(served.text).link("canonical"), url).toBe(`${url}?lng=en`);
    }
    const again = await page(`http://${OWN}/sitemap.xml`);
    expect(again.headers.get("server-timing")).toMatch(/^page;desc="HIT"/);
    await bumpTenantVersion(env, "grill-house");
    expect((await page(`http://${OWN}/sitemap.xml`)).headers.get("server-timing")).not.toMatch(/^page;desc="HIT"/);
  });
});

describe("the picture a shared link shows", () => {
  const SHARE = "pictures/2/0123456789abcdef0123456789abcdef.800x600.share.jpg";
  const PICTURE = "pictures/2/0123456789abcdef0123456789abcdef.800x600.png";

  it("an uploaded picture's page names its share copy on the host the page is served from, with its type and size", async () => {
    const dish = (await catalogueRow<{ id: number; image: string | null; menu: number }>(
      GRILL_ID,
      "SELECT p.id, p.image, c.menu_id AS menu FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 3 LIMIT 1",
    ))!;
    await env.PICTURES.put(SHARE, new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1]), { httpMetadata: { contentType: "image/jpeg" } });
    await catalogueRun(GRILL_ID, "UPDATE products SET image = ? WHERE id = ?", PICTURE, dish.id);
    await bumpTenantVersion(env, "grill-house");
    try {
      for (const origin of [`http://${OWN}`, "http://localhost"]) {
        const h = head((await page(`${origin}/grill-house/3/${dish.menu}/${dish.id}?lng=ar`)).text);
        expect(h.meta("og:image"), origin).toBe(`${origin}/storage/${SHARE}`);
        expect(h.meta("twitter:image"), origin).toBe(h.meta("og:image"));
        expect([h.meta("og:image:type"), h.meta("og:image:width"), h.meta("og:image:height")], origin).toEqual(["image/jpeg", "800", "600"]);
        expect(h.meta("twitter:card"), origin).toBe("summary_large_image");
        const served = await worker.fetch(new Request(h.meta("og:image")!), env, createExecutionContext());
        expect([served.status, served.headers.get("content-type"), (await served.arrayBuffer()).byteLength]).toEqual([200, "image/jpeg", 12]);
      }
    } finally {
      await catalogueRun(GRILL_ID, "UPDATE products SET image = ? WHERE id = ?", dish.image, dish.id);
      await bumpTenantVersion(env, "grill-house");
    }
  });

  it("never names an SVG: the demo's committed copy, else the logo's, else no picture at all", async () => {
    for (const path of ["/saffron", "/saffron/1", "/saffron/1/1", "/saffron/1/1/1", "/saffron/1/1/3", "/grill-house/3"]) {
      const h = head((await page(`http://localhost${path}?lng=en`)).text);
      expect(h.meta("og:image"), path).toMatch(/^http:\/\/localhost\/storage\/share\/.+\.jpg$/);
      expect(h.meta("twitter:image"), path).toBe(h.meta("og:image"));
      expect([h.meta("og:image:type"), h.meta("og:image:width")], path).toEqual(["image/jpeg", "400"]);
    }
    // Dish 3 has no copy of its own: the logo's stands in.
    expect(head((await page("http://localhost/saffron/1/1/3?lng=en")).text).meta("og:image")).toBe("http://localhost/storage/share/logos/saffron.jpg");
    // A restaurant whose pictures are all SVG without a copy names none.
    const logo = (await catalogueRow<{ logo: string }>(GRILL_ID, "SELECT logo FROM brand"))!.logo;
    await catalogueRun(GRILL_ID, "UPDATE brand SET logo = 'logos/made-up.svg'");
    await bumpTenantVersion(env, "grill-house");
    try {
      const { text } = await page("http://localhost/grill-house/3?lng=en");
      expect(head(text).meta("og:image")).toBeUndefined();
      expect(head(text).meta("twitter:image")).toBeUndefined();
      expect(head(text).meta("twitter:card")).toBe("summary");
    } finally {
      await catalogueRun(GRILL_ID, "UPDATE brand SET logo = ?", logo);
      await bumpTenantVersion(env, "grill-house");
    }
  });
});

describe("the platform's sitemap", () => {
  it("lists the marketing pages and the live restaurants without their own hostname; never a draft or an inactive one", async () => {
    const personId = await ensurePerson(env.DB, `+97150${String(Date.now()).slice(-7)}`, "Owner");
    const domain = `seo-draft-${Date.now().toString(36)}`;
    const made = await createRestaurant(env, {
      domain,
      name_en: "Draft Diner",
      name_ar: "مطعم مسودة",
      country: "AE",
      plan: "monthly",
      provider: "demo",
      owner: { personId },
    });
    if (typeof made === "string") throw new Error(made);
    const { text } = await page("http://localhost/sitemap.xml");
    const listed = locs(text);
    expect(listed).toEqual(expect.arrayContaining(["http://localhost/", "http://localhost/contact", "http://localhost/saffron"]));
    expect(listed).not.toContain("http://localhost/closed-bistro");
    expect(listed.some((u) => u.includes(domain))).toBe(false);
    expect(text).toContain('hreflang="ar" href="http://localhost/saffron?lng=ar"');
    // The draft is a 404 (noindex) to anyone else, and its members' preview is noindex too.
    const stranger = await page(`http://localhost/${domain}?lng=en`);
    expect(stranger.status).toBe(404);
    expect(head(stranger.text).meta("robots")).toBe("noindex");
    const cookie = `console=${await startSession(env.DB, personId)}`;
    const preview = await page(`http://localhost/${domain}?lng=en`, { headers: { cookie } });
    expect(preview.status).toBe(200);
    expect(head(preview.text).meta("robots")).toBe("noindex");
    expect(head(preview.text).meta("og:title")).toBeUndefined();
  });
});
