// /console/branches: the restaurant's branches (their settings open on ./branch-settings.tsx): each branch, whether it
// takes orders, its payment mode, and the diner's links (the branch page and a table's link).
import type { Route } from "./+types/branches";
import { PictureControl } from "~/components/console/pictures/picture-control";
import { OwnDomain } from "~/components/console/domain/own-domain";
import { BranchSettingsLink } from "~/components/console/branch-settings/settings-link";
import { ConsoleErrorBoundary } from "~/components/console/route-error";
import { localized, useLanguage } from "~/lib/localized";
import { branchPath } from "~/lib/tenant-paths";
import { useConsoleTranslation } from "~/locales/console";
import { can } from "../../../worker/rules/roles";
import { loadBranches } from "./branches.server";
import { useConsole } from "./layout";
import { privatePageHeaders } from "~/lib/route-headers";

export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadBranches(request, context);
}

export default function ConsoleBranches({ loaderData: { domain, branches, logo } }: Route.ComponentProps) {
  const { t } = useConsoleTranslation();
  const lang = useLanguage();
  const { member } = useConsole();
  return (
    <section aria-labelledby="branches-title">
      <h1 id="branches-title" className="text-2xl font-bold">
        {t("console.screens.branches.title")}
      </h1>
      <section aria-labelledby="logo-title" className="mt-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10">
        <h2 id="logo-title" className="mb-2 font-bold">
          {t("console.pictures.logo")}
        </h2>
        <PictureControl target="logo" image={logo} label={t("console.pictures.logo")} />
      </section>
      <p className="mt-1">
        <a href="/console/branches/brand" data-testid="brand-link" className="font-bold text-amber-800 underline underline-offset-4 dark:text-amber-300">
          {t("console.brand.link")}
        </a>
      </p>
      <ul className="mt-4 grid gap-3 md:grid-cols-2">
        {branches.map((branch) => {
          const diner = branchPath({ domain }, branch.id);
          const table = branchPath({ domain, table: "2" }, branch.id);
          return (
            <li
              key={branch.id}
              data-testid="console-branch"
              className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10"
            >
              <h2 className="text-lg font-bold">{localized(branch, "name", lang)}</h2>
              <p className="text-sm font-bold text-stone-600 dark:text-stone-300">
                {branch.active_order ? t("console.screens.branches.takesOrders") : t("console.screens.branches.noOrders")}
              </p>
              <p className="mt-1 text-sm">
                {t("console.screens.branches.payment")}: {t(`console.screens.branches.paymentModes.${branch.payment_mode}`)}
              </p>
              <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm font-bold">
                <a href={diner} className="text-amber-800 underline underline-offset-4 dark:text-amber-300">
                  {t("console.screens.branches.dinerLink")} <span dir="ltr">{diner}</span>
                </a>
                <a href={table} className="text-amber-800 underline underline-offset-4 dark:text-amber-300">
                  {t("console.screens.branches.tableLink")} <span dir="ltr">{table}</span>
                </a>
                <BranchSettingsLink branchId={branch.id} />
                <a
                  href={`/console/branches/${branch.id}/codes`}
                  data-testid="branch-codes-link"
                  className="text-amber-800 underline underline-offset-4 dark:text-amber-300"
                >
                  {t("console.codes.link")}
                </a>
              </p>
            </li>
          );
        })}
      </ul>
      {can(member.role, "domain") && <OwnDomain />}
    </section>
  );
}

export const ErrorBoundary = ConsoleErrorBoundary;
