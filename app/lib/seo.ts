// Page metadata of restaurant screens and of pages that were not found. The marketing pages'
// metadata is in marketing-meta.ts, so restaurant screens don't load the marketing strings.
import type { MetaDescriptor } from "react-router";
import { defaultLanguage, type Language } from "~/locales";
import { translator } from "./i18n";

/** The title and robots rule of a page that was not found (kept out of the marketing strings,
 * so restaurant screens don't load them). */
export function notFoundMeta(lang: Language): MetaDescriptor[] {
  const t = translator(lang);
  return [{ title: `${t("error.notFoundTitle")} · ${t("app.name")}` }, { name: "robots", content: "noindex" }];
}

/** The page title of a tenant screen: the upper-cased domain, or 'not found' when the route failed. */
export function tenantTitle(args: { params: { domain?: string }; error?: unknown; matches: readonly ({ id: string; loaderData?: unknown } | undefined)[] }): MetaDescriptor[] {
  if (!args.error) return [{ title: (args.params.domain ?? "").toUpperCase() }];
  const root = args.matches.find((m) => m?.id === "root")?.loaderData as { lang?: Language } | undefined;
  return notFoundMeta(root?.lang ?? defaultLanguage);
}
