// The confirmation before an order is canceled: a native modal <dialog> (the page behind is inert,
// focus starts on "Keep it", Escape keeps the order, focus returns to the card's Cancel button).
// Without JavaScript the Cancel link opens it through `?confirm=` and it shows as an open dialog.
import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { useConsoleTranslation } from "~/locales/console";
import { ORDER_STATUS } from "../../../../worker/rules/status-table";

interface Props {
  orderId: number;
  number: number;
  /** The board's address (its branch); the form posts there. */
  action: string;
  /** Where "Keep it" goes without JavaScript (the board without `?confirm=`). */
  back: string;
  /** A card-paid order: its amount, formatted, which the cancel refunds; else null. */
  refund: string | null;
  onClose(): void;
}

export function CancelDialog({ orderId, number, action, back, refund, onClose }: Props) {
  const { t } = useConsoleTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const fetcher = useFetcher({ key: `move-${orderId}` });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Rendered open by the server (no JavaScript then): reopen it as a modal.
    if (dialog.open) dialog.close();
    const opener = document.activeElement as HTMLElement | null;
    dialog.showModal();
    return () => opener?.focus();
  }, []);

  // Sent and answered: the card (same fetcher key) reports the outcome; the dialog's job is done.
  const sent = useRef(false);
  useEffect(() => {
    if (fetcher.state !== "idle") sent.current = true;
    else if (sent.current) onClose();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer: the parent's onClose is a new function each render
  }, [fetcher.state]);

  return (
    <dialog
      ref={ref}
      open
      aria-labelledby={titleId}
      data-testid="cancel-dialog"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="fixed inset-0 m-auto w-[min(28rem,calc(100%-2rem))] rounded-3xl bg-white p-5 text-stone-900 shadow-2xl backdrop:bg-black/50 dark:bg-stone-900 dark:text-stone-50"
    >
      <h2 id={titleId} className="text-lg font-bold">
        {t("console.board.confirm.title", { number })}
      </h2>
      <p className="mt-2 text-stone-600 dark:text-stone-300">{t("console.board.confirm.text")}</p>
      {refund && (
        <p data-testid="cancel-refund" className="mt-2 font-bold text-emerald-800 dark:text-emerald-300">
          {t("console.board.confirm.refund", { amount: refund })}
        </p>
      )}
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <a
          href={back}
          autoFocus
          onClick={(e) => {
            e.preventDefault();
            onClose();
          }}
          className="rounded-full px-4 py-2 font-bold ring-1 ring-black/15 dark:ring-white/20"
        >
          {t("console.board.confirm.no")}
        </a>
        <fetcher.Form method="post" action={action}>
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="order_id" value={orderId} />
          <input type="hidden" name="status" value={ORDER_STATUS.canceled} />
          <button
            type="submit"
            disabled={fetcher.state !== "idle"}
            data-testid="confirm-cancel"
            className="rounded-full bg-red-700 px-4 py-2 font-bold text-white disabled:opacity-60"
          >
            {t("console.board.confirm.yes")}
          </button>
        </fetcher.Form>
      </div>
    </dialog>
  );
}
