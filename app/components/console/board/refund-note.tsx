// A cancelled card order's refund in words on the board (refunded, on its way, failed or stalled),
// with the DEMO mark for the demo provider's record; shared by the order card and the history list.
import { useLanguage } from "~/lib/localized";
import { formatMoney } from "~/lib/money";
import { useConsoleTranslation } from "~/locales/console";
import type { ConsoleOrder } from "~/lib/console-types";

export function RefundNote({ refund, currency }: { refund: NonNullable<ConsoleOrder["refund"]>; currency: string }) {
  const { t } = useConsoleTranslation();
  const lang = useLanguage();
  const amount = formatMoney(refund.amount, lang, currency);
  const key = refund.status === "pending" && refund.retry ? "stalled" : refund.status;
  return (
    <span data-testid="refund-note">
      {t(`console.board.refund.${key}`, { amount })}
      {refund.demo && <span className="ms-1.5 rounded bg-amber-700 px-1.5 py-0.5 text-xs font-bold text-white">{t("console.board.refund.demo")}</span>}
    </span>
  );
}
