// /sitemap.xml: the marketing pages in both languages (hreflang alternates).
import type { Route } from "./+types/sitemap";
import { marketingPage } from "~/lib/marketing.server";

export const MARKETING_PATHS = ["/", "/contact", "/about-us", "/privacy-policy", "/terms-of-service", "/saffron"];

export function loader({ request, context }: Route.LoaderArgs) {
  const { origin } = marketingPage(request, context);
  const urls = MARKETING_PATHS.map((path) => {
    const alternates = ["en", "ar"].map((lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${origin}${path}?lng=${lang}"/>`).join("");
    return `<url><loc>${origin}${path}</loc>${alternates}</url>`;
  }).join("");
  const xml = `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls}</urlset>`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
