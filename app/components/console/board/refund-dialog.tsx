// The board's partial refund of a card-paid order (docs/decisions/0083): a native modal <dialog> like the
// cancel's (the page behind is inert, focus starts on the amount, Escape closes, focus returns to the card's
// Refund button). The amount starts at what is left, in the currency's decimals; ticking lines sums them
// instead. It posts to /console/orders/refund: a refusal is said beside its field and keeps what was typed;
// a refund done closes it once the board has reloaded (the card then says "Refunded X of Y").
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { localized, useLanguage } from "~/lib/localized";
import { amountField, currencyDigits, formatMoney, majorUnits, minorUnits } from "~/lib/money";
import { useConsoleTranslation } from "~/locales/console";
import type { ConsoleOrder } from "~/lib/console-types";
import type { PartialRefundOutcome } from "~/routes/console/orders-refund.server";
import { REASON_MAX } from "../../../../worker/rules/refund-form";

const FIELD = "mt-1 w-full rounded-xl border border-black/15 bg-white px-3 py-2 dark:border-white/20 dark:bg-stone-950";

export function RefundDialog({ order, currency, onClose }: { order: ConsoleOrder; currency: string; onClose(): void }) {
  const { t } = useConsoleTranslation();
  const lang = useLanguage();
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  // Its own fetcher (no key): an answer from an earlier opening is never shown again.
  const fetcher = useFetcher<PartialRefundOutcome>();
  const [amount, setAmount] = useState(() => amountField(order.refundable, currency));
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const money = (n: number) => formatMoney(n, lang, currency);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    dialog.showModal();
    return () => opener?.focus();
  }, []);

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onClose();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer: the parent's onClose is a new function each render
  }, [fetcher.state, fetcher.data]);

  /** Ticking a line sets the amount to the ticked lines' sum (at most what is left); none ticked: what is left. */
  const tick = (index: number, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(index);
    else next.delete(index);
    setTicked(next);
    const sum = [...next].reduce((total, i) => total + minorUnits(order.items[i]!.price, currency), 0);
    const capped = next.size === 0 ? minorUnits(order.refundable, currency) : Math.min(sum, minorUnits(order.refundable, currency));
    setAmount(amountField(majorUnits(capped, currency), currency));
  };

  const refused = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const left = refused?.left ?? order.refundable;
  const problem = refused
    ? t(`console.board.partial.problems.${refused.problem}`, {
        digits: currencyDigits(currency),
        step: money(refused.step ?? 0),
        left: money(left),
        max: REASON_MAX,
      })
    : null;
  const on = (field: "amount" | "reason" | "other") =>
    refused &&
    (field === "amount" ? ["amount", "step", "tooMuch"] : field === "reason" ? ["reason"] : ["notCardPaid", "cancelled", "notFound", "forbidden"]).includes(
      refused.problem,
    );

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      data-testid="refund-dialog"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="fixed inset-0 m-auto max-h-[calc(100%-2rem)] w-[min(30rem,calc(100%-2rem))] overflow-y-auto rounded-3xl bg-white p-5 text-stone-900 shadow-2xl backdrop:bg-black/50 dark:bg-stone-900 dark:text-stone-50"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t("console.board.partial.title", { number: order.num_order })}
      </h2>
      <p data-testid="refund-left" className="mt-1 text-sm text-stone-600 dark:text-stone-300">
        {t("console.board.partial.paid", { total: money(order.price), left: money(left) })}
      </p>
      <fetcher.Form method="post" action="/console/orders/refund" className="mt-3 grid gap-3">
        <input type="hidden" name="intent" value="partial-refund" />
        <input type="hidden" name="order_id" value={order.id} />
        <fieldset>
          <legend className="text-sm font-bold">{t("console.board.partial.lines")}</legend>
          {order.items.map((item, i) => (
            <label key={i} className="mt-1 flex min-h-11 items-center gap-3 rounded-xl px-2 ring-1 ring-black/10 dark:ring-white/15">
              <input type="checkbox" checked={ticked.has(i)} onChange={(e) => tick(i, e.currentTarget.checked)} className="size-5" />
              <span className="flex-1">
                <span dir="ltr">{item.amount}×</span> {localized(item, "name", lang)}
              </span>
              <bdi className="text-sm">{money(item.price)}</bdi>
            </label>
          ))}
        </fieldset>
        <label className="block text-sm font-bold">
          {t("console.board.partial.amount")}
          <input
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            autoFocus
            required
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            aria-invalid={on("amount") || undefined}
            aria-describedby={on("amount") ? `${id}-amount` : undefined}
            className={`${FIELD} text-end font-normal tabular-nums`}
          />
        </label>
        {on("amount") && (
          <p id={`${id}-amount`} role="alert" data-testid="refund-problem" className="-mt-2 text-sm font-bold text-red-800 dark:text-red-300">
            {problem}
          </p>
        )}
        <label className="block text-sm font-bold">
          {t("console.board.partial.reason")}
          <input
            name="reason"
            required
            maxLength={REASON_MAX}
            aria-invalid={on("reason") || undefined}
            aria-describedby={`${id}-reason`}
            className={`${FIELD} font-normal`}
          />
        </label>
        <p id={`${id}-reason`} className="-mt-2 text-sm text-stone-600 dark:text-stone-300" role={on("reason") ? "alert" : undefined}>
          {on("reason") ? <strong className="text-red-800 dark:text-red-300">{problem}</strong> : t("console.board.partial.reasonHelp")}
        </p>
        {on("other") && (
          <p
            role="alert"
            data-testid="refund-problem"
            className="rounded-xl bg-red-100 px-3 py-2 text-sm font-bold text-red-900 dark:bg-red-950 dark:text-red-100"
          >
            {problem}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" onClick={onClose} className="min-h-11 rounded-full px-4 py-2 font-bold ring-1 ring-black/15 dark:ring-white/20">
            {t("console.board.partial.close")}
          </button>
          <button
            type="submit"
            disabled={fetcher.state !== "idle"}
            data-testid="confirm-refund"
            className="min-h-11 rounded-full bg-stone-900 px-4 py-2 font-bold text-white disabled:opacity-60 dark:bg-stone-100 dark:text-stone-900"
          >
            {t("console.board.partial.submit")}
          </button>
        </div>
      </fetcher.Form>
    </dialog>
  );
}
