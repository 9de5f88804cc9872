// A document's Phase-2 state in the tax screen's list (docs/decisions/0073): reported, with warnings,
// rejected, cleared… with ZATCA's messages, and its signed XML to download; "Phase 1" for one issued before
// its branch was onboarded.
import { useConsoleTranslation } from "~/locales/console";
import type { ListedInvoice } from "~/lib/console-types";

const TONE: Record<string, string> = {
  reported: "text-emerald-800 dark:text-emerald-300",
  cleared: "text-emerald-800 dark:text-emerald-300",
  warnings: "text-amber-800 dark:text-amber-300",
  rejected: "text-red-800 dark:text-red-300",
  clearance_failed: "text-red-800 dark:text-red-300",
};

export function Phase2Cell({ document: d }: { document: ListedInvoice }) {
  const { t } = useConsoleTranslation();
  const p = d.phase2;
  if (!p) return <span className="mt-1 block text-xs text-stone-500 dark:text-stone-400">{t("console.einvoices.phase1")}</span>;
  return (
    <div data-testid="zatca-state" data-state={p.state} className="mt-1">
      <span className={`text-xs font-bold ${TONE[p.state] ?? ""}`}>{t(`console.einvoices.states.${p.state}`)}</span>
      {p.kind === "standard" && <span className="block text-xs">{t("console.einvoices.standard")}</span>}
      {p.messages.length > 0 && (
        <ul data-testid="zatca-messages" className="mt-1 list-disc ps-4 text-xs">
          {p.messages.slice(0, 3).map((m, i) => (
            <li key={i} dir="ltr" className="text-start">
              <code>{m.code}</code>: {m.message}
            </li>
          ))}
        </ul>
      )}
      {p.state !== "unsigned" && (
        <a
          href={`/console/tax/zatca/${p.id}`}
          download
          data-testid="zatca-xml"
          aria-label={t("console.einvoices.xmlOf", { number: d.number })}
          className="mt-1 inline-block text-xs font-bold underline underline-offset-4"
        >
          {t("console.einvoices.xml")}
        </a>
      )}
    </div>
  );
}
