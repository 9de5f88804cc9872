// Page metadata of restaurant screens and of pages that were not found. The marketing pages'
// metadata is in marketing-meta.ts, so restaurant screens don't load the marketing strings.
import type { MetaDescriptor } from "react-router";
import { defaultLanguage, type Language } from "../../worker/rules/languages";
import { translator, type Dictionary, type Translate } from "./i18n";
import { localized } from "./localized";

type Named = { name_en?: string | null; name_ar?: string | null };
type Matches = readonly ({ id: string; loaderData?: unknown } | undefined)[];
interface TitleArgs {
  params: { domain?: string };
  error?: unknown;
  matches: Matches;
}

/** The page's language and a `t` over the strings the root loader sent (app/lib/strings.server.ts). */
function rootTranslation(matches: Matches): { lang: Language; t: Translate } {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { lang?: Language; strings?: Dictionary } | undefined;
  const lang = root?.lang ?? defaultLanguage;
  return { lang, t: translator(lang, root?.strings ?? ({} as Dictionary)) };
}

/** The title and robots rule of a page that was not found (kept out of the marketing strings,
 * so restaurant screens don't load them), in the root's language. */
export function notFoundMeta(matches: Matches): MetaDescriptor[] {
  const { t } = rootTranslation(matches);
  return [{ title: `${t("error.notFoundTitle")} · ${t("app.name")}` }, { name: "robots", content: "noindex" }];
}

/** What a screen puts before the restaurant's name ("Dish · Restaurant"), in the page's language. */
export type TitleSubject = (lang: Language, t: Translate) => string | null | undefined;

/**
 * The page title of a tenant screen: `subject · Restaurant name` in the page's language (the
 * restaurant alone when there is no subject or it is the same words), or 'not found' when the route
 * failed. The restaurant's name is `own`, else the branch list's or the branch layout's; the domain
 * only if none loaded.
 */
export function tenantTitle(args: TitleArgs, subject?: TitleSubject, own?: Named): MetaDescriptor[] {
  if (args.error) return notFoundMeta(args.matches);
  const { lang, t } = rootTranslation(args.matches);
  const restaurant =
    own ??
    [...args.matches]
      .reverse()
      .map((m) => (m?.loaderData as { restaurant?: Named } | undefined)?.restaurant)
      .find(Boolean);
  const name = (restaurant && localized(restaurant, "name", lang)) || (args.params.domain ?? "").toUpperCase();
  const first = subject?.(lang, t)?.trim();
  return [{ title: first && first !== name ? `${first} · ${name}` : name }];
}

/** The loader data of the branch layout (both registrations of the menu app), for a child's title. */
export function branchData<T>(matches: TitleArgs["matches"]): T | undefined {
  return matches.find((m) => m?.id === "branch" || m?.id === "table-branch")?.loaderData as T | undefined;
}
