// /{domain}/{branch_id}: the branch home — header bar with logo and description, search, the
// menus (offers/new/popular first) and 'recently viewed'. Its data is the branch layout's.
import { useTranslation } from "~/lib/i18n";
import { MenuGrid } from "~/components/branch/menu-grid";
import { RecentlyViewed } from "~/components/branch/recently-viewed";
import { SearchBox } from "~/components/branch/search-box";
import { TableLabel } from "~/components/branch/table-label";
import { localized, useLanguage } from "~/lib/localized";
import { useBranch } from "./branch-layout";

export const handle = { back: "branches" };

export default function BranchHome() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const data = useBranch();
  const description = localized(data.branch, "description", lang);
  return (
    <main id="main">
      <section className="mx-3 rounded-3xl bg-primary px-5 py-5 text-on-primary shadow-sm">
        <div className="flex items-center gap-4">
          {data.restaurant.logo && (
            <img
              src={data.restaurant.logo}
              alt=""
              width={64}
              height={64}
              className="size-16 shrink-0 rounded-full bg-white object-cover ring-2 ring-white/70"
            />
          )}
          <div className="min-w-0 flex-1">
            <h1 className="text-xl leading-tight font-bold">{localized(data.branch, "name", lang)}</h1>
            {description && <p className="pre-line mt-1 text-sm leading-relaxed">{description}</p>}
          </div>
          <TableLabel table={data.table} className="self-start" />
        </div>
      </section>
      <div className="mx-auto max-w-xl px-4">
        <div className="mt-4">
          <SearchBox base={data.base} />
        </div>
        <h2 className="mt-6 mb-3 text-sm font-bold tracking-widest text-on-surface/70 uppercase">{t("branch.menus")}</h2>
        <MenuGrid menus={data.menus} base={data.base} windows={data.menuWindows} />
        <RecentlyViewed branchId={data.branch.id} base={data.base} currency={data.restaurant.currency} />
      </div>
    </main>
  );
}
