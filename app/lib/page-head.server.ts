// What a diner page tells search engines and chat apps in its <head> (issue 40, docs/decisions/0077):
// description, Open Graph and Twitter card, canonical address, English/Arabic alternates and JSON-LD.
// Loaders hand their facts to the request's PageHead (the branch's first, a screen's own on top) and the
// worker writes the tags into the rendered document (worker/render.ts): none of it is in the diner's
// JavaScript or in the loader data the page hydrates from. Everything here reads only what the page
// cache's key holds (host, path and query, language) or what a purge changes (the restaurant's data,
// its own hostname).
import type { RouterContextProvider } from "react-router";
import type { Thing } from "schema-dts";
import { getApp } from "~/context";
import { getLanguage } from "~/middleware/language";
import type { Language } from "~/locales";
import headEn from "~/locales/page-head-en";
import headAr from "~/locales/page-head-ar";
import { jsonLdText } from "./structured-data.server";
import { canonicalIn, languageUrl } from "./language-urls";
import type { ShareImage } from "../../worker/rules/share-image";

export interface HeadFacts {
  description: string;
  /** The picture a shared link shows (worker/rules/share-image.ts: a raster copy, never an SVG); null: none. */
  image?: ShareImage | null;
  /** A dish's picture is worth a large card; a logo a small one. */
  largeImage?: boolean;
  jsonLd?: Exclude<Thing, string>[];
}

interface BaseFacts extends HeadFacts {
  lang: Language;
  country: string;
  siteName: string;
  /** https://{own hostname} when the restaurant has a proven one, else null (the request's origin). */
  ownOrigin: string | null;
  domain: string;
}

/** The request's head facts: the branch (or branch list) sets the base, the screen's loader its own on top. */
export class PageHead {
  /**
   * `url`: the request's address (its origin is the host the page is served from); `ownHost`: a
   * restaurant's proven own hostname or null (worker/directory/hosts.ts, given by the worker: the diner's
   * loaders reach the directory through nothing else).
   */
  constructor(
    readonly url: URL,
    private readonly lookUp: (domain: string) => Promise<string | null>,
  ) {}
  private readonly hosts = new Map<string, Promise<string | null>>();
  /** The restaurant's own hostname, read once per request (the layout's and the screen's loaders both ask). */
  ownHost(domain: string): Promise<string | null> {
    let host = this.hosts.get(domain);
    if (!host) this.hosts.set(domain, (host = this.lookUp(domain)));
    return host;
  }
  base: BaseFacts | null = null;
  screen: HeadFacts | null = null;
}

const strings = { en: headEn, ar: headAr };

/** The page-head sentences in `lang`, `{{name}}` filled (an empty value drops its ", …" part). */
export function headSentence(lang: Language, key: keyof typeof headEn, values: Record<string, string | null | undefined>): string {
  return strings[lang][key]
    .replace(/\{\{(\w+)\}\}/g, (_, name: string) => (values[name] ?? "").trim())
    .replace(/ ?[,،] (?=[.:])/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Where a restaurant's page lives: its language, its canonical addresses (./canonicalUrl), pictures made absolute. */
export interface HeadSite {
  lang: Language;
  domain: string;
  ownOrigin: string | null;
  /** The canonical address of a platform path ("/saffron/1/2"). */
  url: (path: string) => string;
  /** The canonical address of the page being rendered (no ?lng=). */
  here: string;
  /** A picture's URL on the host the page is served from (or its backend's), or null. */
  absolute: (image: string | null) => string | null;
}

/** Null outside a page's render (a loader called by a test, a data request has one too). */
export async function siteOf(context: Readonly<RouterContextProvider>, domain: string): Promise<HeadSite | null> {
  const { head } = getApp(context);
  if (!head) return null;
  const own = await head.ownHost(domain);
  const ownOrigin = own ? `https://${own}` : null;
  const origin = head.url.origin;
  return {
    lang: getLanguage(context),
    domain,
    ownOrigin,
    url: (path) => canonicalUrl(new URL(path, origin), { ownOrigin, domain }),
    here: canonicalUrl(head.url, { ownOrigin, domain }),
    absolute: (image) => (image ? new URL(image, origin).href : null),
  };
}

/** The base facts of a restaurant's page (its branch list, or a branch for every screen under it). */
export function offerBase(context: Readonly<RouterContextProvider>, site: HeadSite, facts: Omit<BaseFacts, "ownOrigin" | "domain" | "lang">) {
  const { head } = getApp(context);
  if (head) head.base = { ...facts, lang: site.lang, domain: site.domain, ownOrigin: site.ownOrigin };
}

/** A screen's own description, picture and structured data. */
export function offerScreen(context: Readonly<RouterContextProvider>, facts: HeadFacts) {
  const { head } = getApp(context);
  if (head) head.screen = facts;
}

/**
 * The page's plain address: no table prefix, no filter, view or search (only `category`, which picks
 * the dishes shown), on the restaurant's own hostname when it has one (its branch list there is `/`).
 */
export function canonicalUrl(url: URL, base: Pick<BaseFacts, "ownOrigin" | "domain">): string {
  const path = url.pathname.replace(/^\/table\/[^/]+(?=\/)/, "").replace(/\/$/, "") || "/";
  const category = url.searchParams.get("category");
  const query = category ? `?category=${encodeURIComponent(category)}` : "";
  const origin = base.ownOrigin ?? url.origin;
  const list = `/${encodeURIComponent(base.domain)}`;
  const ownPath = base.ownOrigin && (path === list || path === "/") ? "/" : path;
  return `${origin}${ownPath}${query}`;
}

const attr = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const meta = (key: "name" | "property", name: string, content: string) => `<meta ${key}="${name}" content="${attr(content)}"/>`;
const link = (rel: string, href: string, lang?: string) => `<link rel="${rel}"${lang ? ` hreflang="${lang}"` : ""} href="${attr(href)}"/>`;

/**
 * The tags to add to the document's head (its <title> is the route's, given here as rendered), or ""
 * when no loader described the page. A personal page (not publicly cacheable) is only marked noindex.
 */
export function headTags(head: PageHead, page: { url: URL; title: string; nonce: string; personal: boolean }): string {
  const base = head.base;
  if (page.personal) return base ? meta("name", "robots", "noindex") : "";
  if (!base) return "";
  const facts = { ...base, ...head.screen };
  const url = canonicalUrl(page.url, base);
  const here = canonicalIn(url, base.lang, page.url.searchParams.has("lng"));
  const image = facts.image ? new URL(facts.image.url, page.url.origin).href : null;
  const { type, width, height } = facts.image ?? {};
  const other = base.lang === "ar" ? "en" : "ar";
  const tags = [
    meta("name", "description", facts.description),
    link("canonical", here),
    link("alternate", languageUrl(url, "en"), "en"),
    link("alternate", languageUrl(url, "ar"), "ar"),
    link("alternate", url, "x-default"),
    meta("property", "og:type", "website"),
    meta("property", "og:site_name", base.siteName),
    meta("property", "og:title", page.title),
    meta("property", "og:description", facts.description),
    meta("property", "og:url", here),
    meta("property", "og:locale", `${base.lang}_${base.country}`),
    meta("property", "og:locale:alternate", `${other}_${base.country}`),
    ...(image ? [meta("property", "og:image", image), meta("property", "og:image:alt", page.title)] : []),
    ...(image && type ? [meta("property", "og:image:type", type)] : []),
    ...(image && width && height ? [meta("property", "og:image:width", String(width)), meta("property", "og:image:height", String(height))] : []),
    meta("name", "twitter:card", image && facts.largeImage ? "summary_large_image" : "summary"),
    meta("name", "twitter:title", page.title),
    meta("name", "twitter:description", facts.description),
    ...(image ? [meta("name", "twitter:image", image)] : []),
    ...(facts.jsonLd ?? []).map((thing) => `<script type="application/ld+json" nonce="${attr(page.nonce)}">${jsonLdText(thing)}</script>`),
  ];
  return tags.join("");
}
