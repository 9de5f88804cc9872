// A restaurant's link pasted into a chat (issue 40): the branch home read as a chat app reads a link
// preview (the served HTML, no script run: title, description, picture fetched with 200, a JPEG or PNG
// under WhatsApp's 300 KB, never the demo's SVG), in English and Arabic, on the platform's host and the restaurant's own; and the page still
// hydrates without a console error with the tags the worker added to its head.
import { request } from "node:http";
import { describe, expect, inject, it } from "vitest";
import { hydrated, PHONE, sharedBrowser, watchConsole } from "./browser";
import { get } from "./http";

const base = inject("baseUrl");
const browser = sharedBrowser();
/** What WhatsApp sends when it fetches a link's preview. */
const CHAT_APP = { "user-agent": "WhatsApp/2.24.1.0 A" };

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** A picture's type and bytes, as a chat app fetches it (node:http: a Host header of our own reaches the own hostname). */
const picture = (url: string, headers: Record<string, string>) =>
  new Promise<{ status: number; type: string; bytes: number }>((resolve, reject) => {
    request(url, { headers }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.byteLength));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"]), bytes }));
      res.on("error", reject);
    })
      .on("error", reject)
      .end();
  });

/** The preview a chat app builds: Open Graph first, the document's title and description else. */
function preview(html: string) {
  const headPart = html.slice(0, html.indexOf("</head>"));
  const meta = (key: string) => {
    const m = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(headPart)?.[1];
    return m === undefined ? undefined : decode(m);
  };
  return {
    title: meta("og:title") ?? decode(/<title>([^<]*)<\/title>/.exec(headPart)?.[1] ?? ""),
    description: meta("og:description") ?? meta("description"),
    image: meta("og:image"),
  };
}

describe("a branch's home as a chat app's link preview", () => {
  it.each([
    ["en", {}, /Saffron/, base],
    ["ar", {}, /زعفران/, base],
    ["en", { host: "menu.grillhouse.test" }, /Grill House/, "http://menu.grillhouse.test"],
    ["ar", { host: "menu.grillhouse.test" }, /بيت المشاوي/, "http://menu.grillhouse.test"],
  ] as const)("%s %o: the restaurant's name, a description and its picture", async (lang, host, name, origin) => {
    const path = "host" in host ? "/grill-house/3" : "/saffron/1";
    const page = await get(`${base}${path}?lng=${lang}`, { ...CHAT_APP, ...host });
    expect(page.status).toBe(200);
    const card = preview(page.body);
    expect(card.title).toMatch(name);
    expect(card.description?.length).toBeGreaterThan(15);
    if (lang === "ar") expect(card.description).toMatch(/[\u0600-\u06ff]/);
    // An absolute address on the host the page was served from, which answers with a picture.
    expect(card.image).toMatch(new RegExp(`^${origin.replace(/[.]/g, "\\.")}/storage/.+`));
    const shown = await picture(`${base}${new URL(card.image!).pathname}`, { ...CHAT_APP, ...host });
    expect(shown.status).toBe(200);
    expect(shown.type).toMatch(/^image\/(jpeg|png)$/);
    expect(shown.bytes).toBeGreaterThan(0);
    expect(shown.bytes).toBeLessThanOrEqual(300_000);
  });

  it("hydrates without a console error, the preview's tags still in the head", async () => {
    const context = await browser().newContext({ viewport: PHONE });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${base}/saffron/1?lng=ar`);
    await hydrated(page);
    expect(await page.locator('head meta[property="og:image"]').count()).toBe(1);
    expect(await page.locator('head script[type="application/ld+json"]').count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
