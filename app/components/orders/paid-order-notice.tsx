// What the orders screen says above the list after a card payment's return: the thanks once the
// provider confirmed it, "confirming" until then (the page follows the order live, and a link checks
// again without JavaScript), or that it was not completed (the session expired or failed; cart kept),
// or, when the restaurant cancelled it since, that it is cancelled (and refunded): never the thanks then.
import { Link } from "react-router";
import { useOrderingTranslation } from "~/locales/ordering";

export type PaidOrderState = "confirmed" | "confirming" | "failed" | "cancelled";

const box = "mb-3 rounded-xl p-3";

/** `cancelled`: the cancelled order in words ("Cancelled · refunded 82.00 AED"), shown in that state. */
export function PaidOrderNotice({ state, cancelled, checkAgain, cart }: { state: PaidOrderState; cancelled: string; checkAgain: string; cart: string }) {
  const { t } = useOrderingTranslation();
  if (state === "cancelled") {
    return (
      <p role="status" data-testid="order-cancelled" className={`${box} bg-stone-100 font-bold text-stone-900 dark:bg-stone-800 dark:text-stone-50`}>
        {cancelled}
      </p>
    );
  }
  if (state === "confirming") {
    return (
      <div
        role="status"
        data-testid="confirming-payment"
        className={`${box} flex items-start gap-3 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50`}
      >
        <span aria-hidden className="mt-1 size-4 shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent" />
        <span>
          <strong className="block">{t("orders.confirmingTitle")}</strong>
          <span className="block text-sm">{t("orders.confirmingBody")}</span>
          <Link to={checkAgain} replace className="mt-1 inline-block text-sm font-bold underline underline-offset-4">
            {t("orders.checkAgain")}
          </Link>
        </span>
      </div>
    );
  }
  if (state === "failed") {
    return (
      <div role="alert" data-testid="payment-failed" className={`${box} bg-stone-100 text-stone-900 dark:bg-stone-800 dark:text-stone-50`}>
        <p>{t("orders.paymentFailed")}</p>
        <Link to={cart} className="mt-1 inline-block font-bold underline underline-offset-4">
          {t("orders.backToCart")}
        </Link>
      </div>
    );
  }
  return (
    <p role="status" data-testid="just-ordered" className={`${box} bg-emerald-50 font-bold text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100`}>
      {t("orders.justOrdered")}
    </p>
  );
}
