// /{domain}/{branch_id}/info: the branch's details as a page, for the Info button without JavaScript
// (with it, the same content opens in the Info sheet). Its data is the branch layout's.
import { useEffect, useState } from "react";
import type { Route } from "./+types/info";
import { BranchInfo } from "~/components/chrome/branch-info";
import { TenantErrorBoundary } from "~/components/error-screen";
import { useTranslation } from "~/lib/i18n";
import { tenantTitle } from "~/lib/seo";
import { useBranch } from "./branch-layout";

export const handle = { back: "home" };

export const meta: Route.MetaFunction = (args) => tenantTitle(args, (_, t) => t("branch.branchInfo"));

export default function Info() {
  const { t } = useTranslation();
  const branch = useBranch();
  // The page's clock first (a cached page and its hydration agree), then the browser's.
  const [now, setNow] = useState(branch.renderedAt);
  useEffect(() => setNow(Date.now()), []);
  return (
    <main id="main" className="mx-auto max-w-xl px-5 pb-4">
      <h1 className="mb-3 text-2xl font-bold">{t("branch.branchInfo")}</h1>
      <BranchInfo branch={branch.branch} social={branch.social} now={now} />
    </main>
  );
}

export const ErrorBoundary = TenantErrorBoundary;
