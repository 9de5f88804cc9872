// Page metadata of restaurant screens and of pages that were not found. The marketing pages'
// metadata is in marketing-meta.ts, so restaurant screens don't load the marketing strings.
import type { MetaDescriptor } from "react-router";
import { defaultLanguage, type Language } from "~/locales/languages";
import { translator, type Dictionary } from "./i18n";

type Matches = readonly ({ id: string; loaderData?: unknown } | undefined)[];

/** The title and robots rule of a page that was not found (kept out of the marketing strings,
 * so restaurant screens don't load them), in the root's language and strings. */
export function notFoundMeta(matches: Matches): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { lang?: Language; strings?: Dictionary } | undefined;
  const t = translator(root?.lang ?? defaultLanguage, root?.strings ?? ({} as Dictionary));
  return [{ title: `${t("error.notFoundTitle")} · ${t("app.name")}` }, { name: "robots", content: "noindex" }];
}

/** The page title of a tenant screen: the upper-cased domain, or 'not found' when the route failed. */
export function tenantTitle(args: { params: { domain?: string }; error?: unknown; matches: Matches }): MetaDescriptor[] {
  if (!args.error) return [{ title: (args.params.domain ?? "").toUpperCase() }];
  return notFoundMeta(args.matches);
}
