// Page metadata of the marketing site: title, description, Open Graph and hreflang alternates.
import type { MetaDescriptor } from "react-router";
import { marketingStrings } from "~/locales/marketing";
import type { MarketingPage } from "./marketing.server";
import { canonicalIn, languageUrl } from "./language-urls";
import { formatMoney } from "./money";

type PageKey = "home" | "contact" | "terms" | "privacy" | "about" | "chat";

export function marketingMeta(page: MarketingPage | undefined, key: PageKey): MetaDescriptor[] {
  if (!page) return [{ title: "Menu" }];
  const m = marketingStrings(page.lang);
  const title = `${m.titles[key]} · ${m.brand}`;
  // A Gulf visitor reads the landing's price in their own currency too (worker/rules/plan-guide.ts).
  const guide =
    key === "home" && page.guide ? ` ${m.plans.aboutMonthly.replace("{{amount}}", formatMoney(page.guide.monthly, page.lang, page.guide.currency))}` : "";
  const description = `${m.descriptions[key]}${guide}`;
  const url = `${page.origin}${page.path}`;
  const canonical = canonicalIn(url, page.lang, page.named);
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:url", content: canonical },
    { property: "og:site_name", content: m.brand },
    { property: "og:locale", content: page.lang === "ar" ? "ar_AE" : "en_AE" },
    { tagName: "link", rel: "canonical", href: canonical },
    { tagName: "link", rel: "alternate", hrefLang: "en", href: languageUrl(url, "en") },
    { tagName: "link", rel: "alternate", hrefLang: "ar", href: languageUrl(url, "ar") },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: url },
  ];
}
