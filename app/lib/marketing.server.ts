// Shared by the marketing pages' loaders: they exist only on the site's own hosts, and they
// are public, cacheable pages that vary by language (chosen by ?lng=, cookie or Accept-Language).
import { data, type RouterContextProvider } from "react-router";
import { getApp } from "~/context";
import type { Language } from "~/locales";
import { getLanguage } from "~/middleware/language";
import { trialDays } from "../../worker/rules/billing-days";
import type { PlanGuide } from "../../worker/rules/plan-guide";
import { notFound } from "./route-errors.server";
import { MARKETING_CACHE } from "./route-headers";
import { landingGuide } from "./page-headers";

export interface MarketingPage {
  lang: Language;
  origin: string;
  path: string;
  /** Whether the address names its language (`?lng=`): its canonical is then that language version (./language-urls.ts). */
  named: boolean;
  /** The free trial's length (TRIAL_DAYS), stated on the landing. */
  trialDays: number;
  /** The plans in a Gulf visitor's currency, as a guide (null elsewhere); the page cache's key holds it (./page-headers.ts landingGuide). */
  guide: PlanGuide | null;
}

export function marketingPage(request: Request, context: Readonly<RouterContextProvider>): MarketingPage {
  const { host, env } = getApp(context);
  if (host.kind !== "app") throw notFound();
  const url = new URL(request.url);
  return {
    lang: getLanguage(context),
    origin: url.origin,
    path: url.pathname,
    named: url.searchParams.has("lng"),
    trialDays: trialDays(env),
    guide: landingGuide(request, host),
  };
}

export function marketingData<T extends MarketingPage>(page: T) {
  return data(page, {
    headers: {
      "Cache-Control": MARKETING_CACHE,
      Vary: "Cookie, Accept-Language",
      "Content-Language": page.lang,
    },
  });
}
