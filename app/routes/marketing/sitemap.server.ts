// /sitemap.xml of each host (issue 40): on the site's own hosts the marketing pages and every listed
// restaurant (worker/directory/listed.ts); on a restaurant's own hostname its branches, menus and dishes.
// Both are kept at the edge like pages; the restaurant's follows its cache version (read through the
// upstream client, whose reads the page cache records), and answers 404 as its pages do (a draft, an
// inactive restaurant).
import type { RouterContextProvider } from "react-router";
import { getApp } from "~/context";
import { marketingPage } from "~/lib/marketing.server";
import { canonicalUrl } from "~/lib/page-head.server";
import { rethrowUpstream } from "~/lib/route-errors.server";
import { MARKETING_CACHE, PAGE_CACHE } from "~/lib/route-headers";
import { sitemapResponse } from "~/lib/sitemap.server";
import { customHostOf } from "../../../worker/directory/hosts";
import { listedDomains } from "../../../worker/directory/listed";

const MARKETING_PATHS = ["/", "/contact", "/about-us", "/privacy-policy", "/terms-of-service"];
/** A sitemap holds 50,000 addresses at most. */
const MAX_URLS = 50_000;

export async function loadSitemap(request: Request, context: Readonly<RouterContextProvider>): Promise<Response> {
  const { host, env } = getApp(context);
  if (host.kind === "custom") return restaurantSitemap(request, context, host.domain);
  const { origin } = marketingPage(request, context);
  const restaurants = (await listedDomains(env.DB)).map((domain) => `/${encodeURIComponent(domain)}`);
  return sitemapResponse([...MARKETING_PATHS, ...restaurants].map((path) => `${origin}${path}`).slice(0, MAX_URLS), MARKETING_CACHE);
}

async function restaurantSitemap(request: Request, context: Readonly<RouterContextProvider>, domain: string): Promise<Response> {
  const { upstream, env } = getApp(context);
  const own = await customHostOf(env.HOSTS, domain);
  const where = { ownOrigin: own ? `https://${own}` : null, domain };
  const branches = (await upstream.getBranch(domain).catch(rethrowUpstream)).branch;
  const perBranch = await Promise.all(
    branches.map(async (b) => {
      const base = `/${encodeURIComponent(domain)}/${b.id}`;
      const [menu, catalogue] = await Promise.all([upstream.getMenu(domain, b.id), upstream.getCatalogue(domain, b.id)]).catch(rethrowUpstream);
      const menus = menu.menu.map((m) => `${base}/${m.id}`);
      const dishes = catalogue.products.filter((p) => !p.hidden && p.menu_id !== null).map((p) => `${base}/${p.menu_id}/${p.id}`);
      return [base, ...menus, ...dishes];
    }),
  );
  const paths = [...new Set([`/${encodeURIComponent(domain)}`, ...perBranch.flat()])];
  const urls = paths.map((path) => canonicalUrl(new URL(path, request.url), where));
  return sitemapResponse(urls.slice(0, MAX_URLS), PAGE_CACHE);
}
