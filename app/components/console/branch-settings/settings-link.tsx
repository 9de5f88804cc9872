// The branch list's link to a branch's editor (its own component: other sections share that list).
import { useConsoleTranslation } from "~/locales/console";

export function BranchSettingsLink({ branchId }: { branchId: number }) {
  const { t } = useConsoleTranslation();
  return (
    <a href={`/console/branches/${branchId}`} data-testid="branch-settings-link" className="text-amber-800 underline underline-offset-4 dark:text-amber-300">
      {t("console.branchSettings.link")}
    </a>
  );
}
