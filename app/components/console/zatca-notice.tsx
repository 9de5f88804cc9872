// The console home's notice for the owner about Phase-2 e-invoices (docs/decisions/0073): documents ZATCA
// rejected, B2B invoices it did not clear, ones still unreported after 24 hours, and a registered seller
// without the CRN and national address its documents name.
import { Link } from "react-router";
import { useConsoleTranslation } from "~/locales/console";

export function ZatcaNotice({ counts }: { counts: { rejected: number; not_cleared: number; late: number; no_address: number } }) {
  const { t } = useConsoleTranslation();
  const lines = (
    [
      ["rejected", counts.rejected],
      ["notCleared", counts.not_cleared],
      ["late", counts.late],
      ["noAddress", counts.no_address],
    ] as const
  ).filter(([, count]) => count > 0);
  if (lines.length === 0) return null;
  return (
    <div role="alert" data-testid="zatca-notice" className="mb-4 rounded-2xl bg-red-100 px-4 py-3 text-sm text-red-950 dark:bg-red-950 dark:text-red-100">
      {lines.map(([key, count]) => (
        <p key={key} data-testid={`zatca-notice-${key}`} className="font-bold">
          {t(`console.einvoices.notice.${key}`, { count })}
        </p>
      ))}
      <Link to="/console/tax" className="mt-1 inline-block font-bold underline underline-offset-4">
        {t("console.einvoices.notice.open")}
      </Link>
    </div>
  );
}
