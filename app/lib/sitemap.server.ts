// A sitemap's XML (sitemaps.org, with Google's xhtml:link language alternates): each address with its
// English and Arabic versions (`?lng=`, ./language-urls.ts), for the site's sitemap and a restaurant's own host's.
import { languageUrl } from "./language-urls";

const xmlText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function sitemapXml(urls: readonly string[]): string {
  const entries = urls
    .map((url) => {
      const alternates = (["en", "ar"] as const)
        .map((lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${xmlText(languageUrl(url, lang))}"/>`)
        .join("");
      return `<url><loc>${xmlText(url)}</loc>${alternates}</url>`;
    })
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${entries}</urlset>`;
}

export const sitemapResponse = (urls: readonly string[], cacheControl: string) =>
  new Response(sitemapXml(urls), { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": cacheControl } });
