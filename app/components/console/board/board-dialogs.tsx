// The board's two dialogs and which order each is open for: the cancel's confirmation (also opened without
// JavaScript by `?confirm=`, ./cancel-dialog.tsx) and a manager's partial refund (./refund-dialog.tsx),
// each shown only while its order may still be cancelled or refunded.
import { useState } from "react";
import { useSearchParams } from "react-router";
import { useLanguage } from "~/lib/localized";
import { formatMoney } from "~/lib/money";
import type { ConsoleOrder } from "~/lib/console-types";
import { ORDER_STATUS } from "../../../../worker/rules/status-table";
import { CancelDialog } from "./cancel-dialog";
import { RefundDialog } from "./refund-dialog";

/** `here`: the board's address, where the cancel posts; `canRefund`: the member refunds part of an order (managers and owners). */
export function useBoardDialogs(orders: readonly ConsoleOrder[], here: string, currency: string, canRefund: boolean) {
  const lang = useLanguage();
  const [params] = useSearchParams();
  const [confirming, setConfirming] = useState<number | null>(() => Number(params.get("confirm")) || null);
  const [refunding, setRefunding] = useState<number | null>(null);
  const confirmOrder = orders.find((o) => o.id === confirming && (o.status === ORDER_STATUS.pending || o.status === ORDER_STATUS.inProcess));
  const refundOrder = orders.find((o) => o.id === refunding && o.refundable > 0 && o.status !== ORDER_STATUS.canceled);
  const dialogs = (
    <>
      {confirmOrder && (
        <CancelDialog
          orderId={confirmOrder.id}
          number={confirmOrder.num_order}
          action={here}
          back={here}
          onClose={() => setConfirming(null)}
          // What the cancel refunds: the rest, after any partial refund.
          refund={confirmOrder.refundable > 0 ? formatMoney(confirmOrder.refundable, lang, currency) : null}
        />
      )}
      {refundOrder && <RefundDialog key={refundOrder.id} order={refundOrder} currency={currency} onClose={() => setRefunding(null)} />}
    </>
  );
  return { onCancel: setConfirming, onRefund: canRefund ? setRefunding : undefined, dialogs };
}
