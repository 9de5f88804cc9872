// One order on the board: number, the diner's name, table, age, items with their options and notes, total and how it
// is paid; one button moves it to the next column (a plain form, so it works before JavaScript), and
// Cancel asks first. Ready and canceled orders do not move: both are final in the contract; a
// card order's refunds are shown ("Refunded X of Y"), one that failed (or stalled) has a "Retry refund" form,
// and a manager's Refund opens the partial refund dialog while some of a card payment is left to refund.
// An accepted order (preparing or ready) can be sent to the branch's kitchen printers again ("Reprint").
import { useEffect, type ReactNode } from "react";
import { useFetcher, type FetcherWithComponents } from "react-router";
import { useHydrated } from "~/lib/hydrated";
import { localized, useLanguage } from "~/lib/localized";
import { formatMoney } from "~/lib/money";
import { useConsoleDates } from "~/lib/console-dates";
import { useConsoleTranslation } from "~/locales/console";
import type { BoardOutcome } from "~/routes/console/orders.server";
import type { ConsoleOrder } from "~/lib/console-types";
import { ORDER_STATUS, statusName } from "../../../../worker/rules/status-table";
import { minutesSince } from "./order-age";
import { choiceLines } from "../../../../worker/rules/option-lines";
import { RefundNote } from "./refund-note";

/** The next column's status and its button's label, for the statuses that have one. */
const NEXT: Partial<Record<number, { status: number; label: "start" | "ready" }>> = {
  [ORDER_STATUS.pending]: { status: ORDER_STATUS.inProcess, label: "start" },
  [ORDER_STATUS.inProcess]: { status: ORDER_STATUS.ready, label: "ready" },
};

interface OrderFormProps {
  fetcher: FetcherWithComponents<BoardOutcome>;
  action: string;
  orderId: number;
  intent: "counter" | "refund" | "move" | "reprint";
  status?: number;
  testId: string;
  formClass: string;
  buttonClass: string;
  children: ReactNode;
}

/** One of the card's posts (pay at the counter, retry a refund, move on): the order, its intent, one button. */
function OrderForm({ fetcher, action, orderId, intent, status, testId, formClass, buttonClass, children }: OrderFormProps) {
  return (
    <fetcher.Form method="post" action={action} className={formClass}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="order_id" value={orderId} />
      {status !== undefined && <input type="hidden" name="status" value={status} />}
      <button type="submit" disabled={fetcher.state !== "idle"} data-testid={testId} className={`rounded-full disabled:opacity-60 ${buttonClass}`}>
        {children}
      </button>
    </fetcher.Form>
  );
}

/** How soon a pickup order is due before the board warns (not ready by then, it is late). */
const DUE_SOON_MS = 10 * 60_000;

/** "Pickup 12:30" on the branch's clock, with "Due in 5 min" / "Due now" / "Late 3 min" while it is not ready. */
function PickupTime({ order, now, timeZone }: { order: ConsoleOrder & { pickup_at: number }; now: number; timeZone: string | null }) {
  const { t } = useConsoleTranslation();
  const time = useConsoleDates(timeZone)({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const left = order.pickup_at - now;
  const open = order.status === ORDER_STATUS.pending || order.status === ORDER_STATUS.inProcess;
  const minutes = Math.round(Math.abs(left) / 60_000);
  const due =
    !open || left > DUE_SOON_MS
      ? null
      : left < -60_000
        ? t("console.board.pickup.late", { minutes })
        : minutes < 1
          ? t("console.board.pickup.dueNow")
          : t("console.board.pickup.dueIn", { minutes });
  return (
    <>
      <bdi data-testid="order-pickup" className="font-bold text-stone-900 dark:text-stone-100">
        {t("console.board.pickup.at", { time: time.format(order.pickup_at) })}
      </bdi>
      {due && (
        <span data-testid="pickup-due" className="ms-1 rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">
          {due}
        </span>
      )}
    </>
  );
}

interface Props {
  order: ConsoleOrder;
  currency: string;
  now: number;
  /** The branch's zone: a pickup order's time is said on its clock. */
  timeZone: string | null;
  /** The board's address (its branch), where the forms post. */
  action: string;
  /** The branch has a paired kitchen printer: an accepted order can be printed again. */
  reprint: boolean;
  /** The board's address asking to confirm this order's cancel (works without JavaScript). */
  confirmHref: string;
  onCancel(orderId: number): void;
  /** Opens the partial refund dialog; absent for a member who may not refund (staff). */
  onRefund?: (orderId: number) => void;
  onOutcome(outcome: BoardOutcome): void;
}

export function OrderCard({ order, currency, now, timeZone, action, reprint, confirmHref, onCancel, onRefund, onOutcome }: Props) {
  const { t } = useConsoleTranslation();
  const lang = useLanguage();
  const hydrated = useHydrated();
  const fetcher = useFetcher<BoardOutcome>({ key: `move-${order.id}` });
  const next = NEXT[order.status];
  const minutes = minutesSince(order.created_at, now);

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) onOutcome(fetcher.data);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer, not again when the board's handler changes
  }, [fetcher.state, fetcher.data]);

  return (
    <article
      data-testid="board-order"
      data-order-id={order.id}
      data-status={statusName(order.status)}
      data-pickup={order.pickup_at ?? undefined}
      aria-labelledby={`order-${order.id}`}
      aria-busy={fetcher.state !== "idle" || undefined}
      className={`rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10 ${fetcher.state !== "idle" ? "opacity-60" : ""}`}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={`order-${order.id}`} className="text-lg font-bold">
          {t("console.screens.orders.number", { number: order.num_order })}
        </h3>
        <p className="text-sm font-bold text-stone-600 dark:text-stone-300" data-testid="order-age">
          {minutes < 1 ? t("console.board.justNow") : t("console.board.minutes", { minutes })}
        </p>
      </header>
      <p data-testid="order-diner" className="font-bold">
        <bdi>{order.name}</bdi>
      </p>
      <p className="text-sm text-stone-600 dark:text-stone-300">
        {order.pickup_at === null ? (
          t("console.screens.orders.table", { table: order.table_id })
        ) : (
          <PickupTime order={{ ...order, pickup_at: order.pickup_at }} now={now} timeZone={timeZone} />
        )}{" "}
        ·{" "}
        <span data-testid="order-payment" className={order.paid ? "font-bold text-emerald-800 dark:text-emerald-300" : ""}>
          {order.payment === "online" ? t("console.board.paidOnline") : order.paid ? t("console.board.paidAtCounter") : t("console.board.payAtCounter")}
        </span>
      </p>
      <ul aria-label={t("console.screens.orders.items")} className="mt-2 grid gap-1">
        {order.items.map((item, i) => (
          <li key={i}>
            <span className="font-bold">
              <span dir="ltr">{item.amount}×</span> {localized(item, "name", lang)}
            </span>
            {choiceLines(
              item.options,
              (o) => localized(o, "name", lang),
              (o) => localized(o, "sub_name", lang),
              lang,
            ).map((text) => (
              <span key={text} data-testid="order-choices" className="block text-sm text-stone-600 dark:text-stone-300">
                {text}
              </span>
            ))}
            {item.note && <span className="block text-sm italic text-amber-800 dark:text-amber-300">{t("console.board.note", { note: item.note })}</span>}
          </li>
        ))}
      </ul>
      {order.note && (
        <p className="mt-2 rounded-lg bg-amber-50 px-2 py-1 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          {t("console.board.note", { note: order.note })}
        </p>
      )}
      <p className="mt-2 text-sm font-bold" data-testid="order-total">
        {t("console.screens.orders.total")}: {formatMoney(order.price, lang, currency)}
        {order.tip > 0 && <span className="font-normal"> · {t("console.board.tip", { amount: formatMoney(order.tip, lang, currency) })}</span>}
      </p>
      {order.invoice !== null && (
        <p data-testid="order-invoice" className="text-sm text-stone-600 dark:text-stone-300">
          <bdi>{t(order.receipt ? "console.board.receipt" : "console.board.invoice", { number: order.invoice })}</bdi>
          {order.credit_note !== null && <bdi> · {t("console.board.creditNote", { number: order.credit_note })}</bdi>}
        </p>
      )}
      {order.payment === "otp" && !order.paid && order.status !== ORDER_STATUS.canceled && (
        <OrderForm
          fetcher={fetcher}
          action={action}
          orderId={order.id}
          intent="counter"
          testId="paid-at-counter"
          formClass="mt-2"
          buttonClass="min-h-11 w-full px-4 py-2 text-sm font-bold text-emerald-900 ring-1 ring-emerald-800/40 dark:text-emerald-200 dark:ring-emerald-300/40"
        >
          {t("console.board.markPaid")}
        </OrderForm>
      )}
      {order.refund && (
        <div
          data-testid="order-refund"
          data-refund={order.refund.retry ? "retry" : order.refund.status}
          className={`mt-2 rounded-lg px-2 py-1.5 text-sm ${order.refund.retry ? "bg-red-100 font-bold text-red-900 dark:bg-red-950 dark:text-red-100" : "bg-stone-100 dark:bg-stone-800"}`}
        >
          <RefundNote refund={order.refund} currency={currency} total={order.price} />
          {order.refund.retry && (
            <OrderForm
              fetcher={fetcher}
              action={action}
              orderId={order.id}
              intent="refund"
              testId="retry-refund"
              formClass="mt-2"
              buttonClass="min-h-11 bg-red-700 px-4 py-2 font-bold text-white"
            >
              {t("console.board.refund.retry")}
            </OrderForm>
          )}
        </div>
      )}
      {onRefund && order.refundable > 0 && order.status !== ORDER_STATUS.canceled && (
        // The dialog needs the page's script (its answer is shown in it): disabled until then.
        <button
          type="button"
          disabled={!hydrated}
          onClick={() => onRefund(order.id)}
          data-testid="refund-order"
          className="mt-2 min-h-11 rounded-full px-4 py-2 text-sm font-bold ring-1 ring-black/20 disabled:opacity-60 dark:ring-white/30"
        >
          {t("console.board.refund.button")}
        </button>
      )}
      {reprint && (order.status === ORDER_STATUS.inProcess || order.status === ORDER_STATUS.ready) && (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <OrderForm
            fetcher={fetcher}
            action={action}
            orderId={order.id}
            intent="reprint"
            testId="reprint-order"
            formClass=""
            buttonClass="min-h-11 px-4 py-2 text-sm font-bold ring-1 ring-black/20 dark:ring-white/30"
          >
            {t("console.board.printer.reprint")}
          </OrderForm>
          {fetcher.data?.ok && "reprinted" in fetcher.data && (
            <span role="status" data-testid="reprinted" className="text-sm font-bold text-emerald-800 dark:text-emerald-300">
              {t(fetcher.data.reprinted > 0 ? "console.board.printer.reprinted" : "console.board.printer.waiting")}
            </span>
          )}
        </div>
      )}
      {next && (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <OrderForm
            fetcher={fetcher}
            action={action}
            orderId={order.id}
            intent="move"
            status={next.status}
            testId="move-order"
            formClass="flex-1"
            buttonClass="min-h-12 w-full bg-stone-900 px-4 py-2 font-bold text-white dark:bg-stone-100 dark:text-stone-900"
          >
            {t(`console.board.next.${next.label}`)}
          </OrderForm>
          <a
            href={confirmHref}
            data-testid="cancel-order"
            role="button"
            onClick={(e) => {
              e.preventDefault();
              onCancel(order.id);
            }}
            className="min-h-12 rounded-full px-4 py-3 text-sm font-bold text-red-800 ring-1 ring-red-800/30 dark:text-red-300 dark:ring-red-300/40"
          >
            {t("console.board.cancel")}
          </a>
        </div>
      )}
    </article>
  );
}
