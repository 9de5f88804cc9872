// A card order's refunds in words on the board (refunded, "Refunded X of Y" for part of it, on its way,
// failed or stalled), with the DEMO mark for the demo provider's record; shared by the order card and the history list.
import { useLanguage } from "~/lib/localized";
import { formatMoney, minorUnits } from "~/lib/money";
import { useConsoleTranslation } from "~/locales/console";
import type { ConsoleOrder } from "~/lib/console-types";

/** `total`: the order's total, major units (a refund of less is said "Refunded X of Y"). */
export function RefundNote({ refund, currency, total }: { refund: NonNullable<ConsoleOrder["refund"]>; currency: string; total: number }) {
  const { t } = useConsoleTranslation();
  const lang = useLanguage();
  const amount = formatMoney(refund.amount, lang, currency);
  const part = refund.status === "succeeded" && minorUnits(refund.amount, currency) < minorUnits(total, currency);
  const key = refund.status === "pending" && refund.retry ? "stalled" : part ? "succeededOf" : refund.status;
  return (
    <span data-testid="refund-note">
      {t(`console.board.refund.${key}`, { amount, total: formatMoney(total, lang, currency) })}
      {refund.demo && <span className="ms-1.5 rounded bg-amber-700 px-1.5 py-0.5 text-xs font-bold text-white">{t("console.board.refund.demo")}</span>}
    </span>
  );
}
