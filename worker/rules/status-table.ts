// The order statuses and the moves between them: one table for the status call (status.ts) and the
// screens that show statuses. No imports: the client bundle takes it as it is.

/** The contract's numbers (docs/CONTRACT.md): 0 pending, 1 in process, 2 ready, 3 canceled. */
export const ORDER_STATUS = { pending: 0, inProcess: 1, ready: 2, canceled: 3 } as const;
export type OrderStatusName = keyof typeof ORDER_STATUS;
export type OrderStatus = (typeof ORDER_STATUS)[OrderStatusName];
export const ORDER_STATUSES: readonly OrderStatus[] = Object.values(ORDER_STATUS);

const { pending, inProcess, ready, canceled } = ORDER_STATUS;
/** Where the restaurant may move an order from each status: forward only, and cancel until it is ready. */
const MOVES: Record<OrderStatus, readonly OrderStatus[]> = {
  [pending]: [inProcess, canceled],
  [inProcess]: [ready, canceled],
  [ready]: [],
  [canceled]: [],
};

const isOrderStatus = (status: number): status is OrderStatus => (ORDER_STATUSES as readonly number[]).includes(status);
export const canMove = (from: OrderStatus, to: OrderStatus) => MOVES[from].includes(to);
/** The statuses an order may be moved to `to` from (empty for pending: nothing goes back). */
export const sourcesOf = (to: OrderStatus): OrderStatus[] => ORDER_STATUSES.filter((from) => canMove(from, to));
/** Nothing more will happen to an order in a final status (nor be published for it). */
export const isFinal = (status: number) => isOrderStatus(status) && MOVES[status].length === 0;
/** The status's name (its label key on the screens); an unknown number reads as pending. */
export const statusName = (status: number): OrderStatusName =>
  (Object.keys(ORDER_STATUS) as OrderStatusName[]).find((name) => ORDER_STATUS[name] === status) ?? "pending";
