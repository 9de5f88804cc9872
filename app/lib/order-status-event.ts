// A live status of one diner's order, as the order's channel carries it (worker/restaurant
// publishes it): parsed, since it comes from outside the page. Loaded with the first event, so the orders
// screen's first load carries no valibot.
import * as v from "valibot";
import { ORDER_STATUSES } from "../../worker/rules/status-table";

// `paid` comes with the payment provider's word on a card order (paid, or its session ended unpaid),
// `refund` with a cancelled card order's refund attempt.
const StatusEvent = v.object({ order_id: v.number(), status: v.picklist(ORDER_STATUSES), paid: v.optional(v.boolean()), refund: v.optional(v.string()) });

/** The event, or null for anything else. */
export const readStatusEvent = (data: unknown) => {
  const parsed = v.safeParse(StatusEvent, data);
  return parsed.success ? parsed.output : null;
};
