// "Table 5" for a diner who came through a table's code (/table/{t}/…): on the branch's header, the
// cart and the orders screen, so the diner sees where the order goes. Nothing without a table.
import { useTranslation } from "~/lib/i18n";

export function TableLabel({ table, className = "" }: { table: string | null; className?: string }) {
  const { t } = useTranslation();
  if (!table) return null;
  return (
    <span
      data-testid="table-label"
      className={`inline-flex shrink-0 items-center rounded-full px-3 py-1 text-sm font-bold ring-1 ring-current/30 ${className}`}
    >
      {t("branch.table", { table })}
    </span>
  );
}
