// POST /console/orders/refund: the board's partial refund of a card-paid order (a resource route; the
// dialog posts here and shows its answer: ./orders-refund.server.ts).
import type { Route } from "./+types/orders-refund";
import { partialRefundAction } from "./orders-refund.server";

export const action = ({ request, context }: Route.ActionArgs) => partialRefundAction(request, context);
