// The JSON body of an order webhook: the event (id for deduplication, type, time) and the order as it
// was at the event (status and paid then; its lines and amounts never change), in minor units.
import { storedTime } from "../rules/local-time";
import { statusName } from "../rules/status-table";
import type { Attempt } from "../restaurant/webhook-deliveries";

type Row = Record<string, unknown>;

function orderOf(attempt: Attempt) {
  const order = attempt.order;
  if (!order) return null;
  return {
    id: order.id,
    public_id: order.public_id,
    number: order.num_order,
    branch_id: order.branch_id,
    status: statusName(Number(attempt.status)),
    paid: attempt.paid === 1,
    payment: order.payment === "online" ? "card" : "on_site",
    table: order.table_id,
    pickup_at: typeof order.pickup_at === "number" ? new Date(order.pickup_at).toISOString() : null,
    customer: { name: order.name, phone: order.phone },
    note: order.note,
    currency: order.currency,
    total_minor: order.total_minor,
    vat_minor: order.vat_minor,
    service_minor: order.service_minor,
    tip_minor: order.tip_minor,
    created_at: new Date(storedTime(String(order.created_at))).toISOString(),
    items: attempt.items.map((item: Row) => ({
      product_id: item.product_id,
      name: { en: item.name_en, ar: item.name_ar },
      quantity: item.amount,
      unit_minor: item.unit_minor,
      note: item.note,
      options: attempt.options
        .filter((option: Row) => option.order_item_id === item.id)
        .map((option: Row) => ({
          name: { en: option.name_en, ar: option.name_ar },
          choice: { en: option.sub_name_en, ar: option.sub_name_ar },
          price_minor: option.price_minor,
        })),
    })),
  };
}

/** The body as sent (the signature covers exactly these bytes). */
export function webhookBody(attempt: Attempt): string {
  const data =
    attempt.type === "test"
      ? { message: "A test event from the console." }
      : {
          order: orderOf(attempt),
          ...(attempt.type === "order.refunded" && attempt.refund
            ? { refund: { amount_minor: attempt.refund.amount, currency: attempt.refund.currency } }
            : {}),
        };
  return JSON.stringify({ id: attempt.event_id, type: attempt.type, created: new Date(attempt.created_at).toISOString(), attempt: attempt.attempt, data });
}
