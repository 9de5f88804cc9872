// The product search box: a GET form to the branch's search screen, so it works without JavaScript.
import { useTranslation } from "~/lib/i18n";
import { Form } from "react-router";
import { SearchIcon } from "../icons";

export function SearchBox({ base, defaultValue = "" }: { base: string; defaultValue?: string }) {
  const { t } = useTranslation();
  return (
    <Form method="get" action={`${base}/search`} role="search" className="relative">
      <label htmlFor="menu-search" className="sr-only">{t("branch.searchLabel")}</label>
      <SearchIcon className="pointer-events-none absolute start-3.5 top-1/2 -translate-y-1/2 text-on-surface/50" />
      <input id="menu-search" name="q" type="search" defaultValue={defaultValue} placeholder={t("branch.searchPlaceholder")}
        autoComplete="off" enterKeyHint="search" maxLength={100}
        className="h-12 w-full rounded-2xl bg-white ps-11 pe-4 text-base shadow-sm ring-1 ring-black/10 placeholder:text-on-surface/50 focus:ring-2 focus:ring-primary focus:outline-none dark:bg-stone-900 dark:ring-white/15" />
    </Form>
  );
}
