// Beside an order's total in its sheet: the VAT included, a service charge and a tip when there are any,
// and links to its tax invoice (or receipt) and credit note once issued (the embedded API's; other backends: none).
import { Link } from "react-router";
import { formatMoney } from "~/lib/money";
import type { Language } from "~/locales";
import { useOrderingTranslation } from "~/locales/ordering";
import type { Route } from "../../routes/tenant/+types/orders";

/** What of an order, as the orders route's loader sends it, this shows. */
type Money = Pick<Route.ComponentProps["loaderData"]["orders"][number], "id" | "vat" | "vat_rate" | "service_charge" | "tip" | "invoices">;

export function OrderMoney({ order, lang, currency, base }: { order: Money; lang: Language; currency: string; base: string }) {
  const { t } = useOrderingTranslation();
  const rows = [
    order.vat > 0 ? ([t("orders.vatIncluded", { rate: order.vat_rate }), order.vat] as const) : null,
    order.service_charge > 0 ? ([t("orders.serviceCharge"), order.service_charge] as const) : null,
    order.tip > 0 ? ([t("orders.tip"), order.tip] as const) : null,
  ].filter((r) => r !== null);
  const { invoice, credit_note, receipt } = order.invoices;
  const documents = `${base}/orders/${order.id}/invoice`;
  return (
    <>
      {rows.length > 0 && (
        <dl data-testid="order-money" className="grid grid-cols-2 gap-2 text-sm">
          {rows.map(([name, amount]) => (
            <div key={name} className="contents">
              <dt className="text-on-surface/70">{name}</dt>
              <dd>
                <bdi>{formatMoney(amount, lang, currency)}</bdi>
              </dd>
            </div>
          ))}
        </dl>
      )}
      {invoice !== null && (
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-bold">
          <Link to={documents} data-testid="order-invoice" className="text-primary underline underline-offset-4 dark:text-on-surface">
            {/* A sale without VAT (no VAT number, or rate 0) has a receipt, not a tax invoice (docs/decisions/0060). */}
            {t(receipt ? "orders.receipt" : "orders.invoice")}
          </Link>
          {credit_note !== null && (
            <Link to={`${documents}?kind=credit`} data-testid="order-credit-note" className="text-primary underline underline-offset-4 dark:text-on-surface">
              {t("orders.creditNote")}
            </Link>
          )}
        </p>
      )}
    </>
  );
}
