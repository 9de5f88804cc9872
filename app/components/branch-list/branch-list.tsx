import { useTranslation } from "~/lib/i18n";
import { brandProps } from "~/lib/brand-props";
import { localized, useLanguage } from "~/lib/localized";
import type { BranchListData } from "~/routes/tenant/branches.server";
import { PreferenceButtons } from "../preferences";
import { ProducedBy } from "../produced-by";
import { BranchCard } from "./branch-card";

export function BranchList({ data }: { data: BranchListData }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const name = localized(data.restaurant, "name", lang);
  const description = localized(data.restaurant, "description", lang);
  return (
    <div {...brandProps(data.brand)} className="min-h-dvh bg-surface text-on-surface">
      <header className="rounded-b-[2rem] bg-primary px-5 pt-4 pb-8 text-on-primary shadow-sm">
        <div className="flex justify-end">
          <PreferenceButtons />
        </div>
        <div className="mx-auto flex max-w-xl flex-col items-center text-center">
          {data.restaurant.logo && (
            <img
              src={data.restaurant.logo}
              alt=""
              width={88}
              height={88}
              className="size-22 rounded-full bg-white object-cover shadow-lg ring-4 ring-white/70"
            />
          )}
          <h1 className="mt-3 text-2xl leading-tight font-bold tracking-wide">{t("branches.welcome", { name }).toLocaleUpperCase(lang)}</h1>
          {description && <p className="pre-line mt-2 max-w-md text-sm leading-relaxed">{description}</p>}
        </div>
      </header>
      <main id="main" className="mx-auto max-w-xl px-4 pt-6">
        <h2 className="mb-3 flex items-center gap-2 text-sm font-bold tracking-widest text-on-surface/70 uppercase">
          <span aria-hidden="true" className="h-4 w-1 rounded-full bg-primary" />
          {t("branches.ourBranches")}
        </h2>
        {data.branches.length > 0 ? (
          <ul className="space-y-3">
            {data.branches.map((branch) => (
              <BranchCard key={branch.id} branch={branch} />
            ))}
          </ul>
        ) : (
          <p className="rounded-2xl bg-white p-6 text-center text-on-surface/75 dark:bg-stone-900">{t("branches.empty")}</p>
        )}
      </main>
      <ProducedBy />
    </div>
  );
}
