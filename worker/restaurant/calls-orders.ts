// The order path's operations on the restaurant's object (./calls.ts): pricing a cart, storing and reading
// orders, the SMS budget, deciding a payment, moving an order and its refund's rows. The workflows that
// call providers or publish (the contract, ./settle.ts, ./move-order.ts, ./refund.ts) call these by name.
import { createOrder, orderByKey, tokensOrder, tokensOrders } from "./orders";
import { moveOrderRows } from "./move-order-rows";
import { priceItems } from "./pricing";
import { claimRefund, keepSessionIntent, sessionIntent, storeRefundAnswer, stripeRefundDecided } from "./refund-rows";
import { settleSession } from "./settle-rows";
import { openPartialRefund } from "./partial-refund-rows";
import { claimSmsBudget, releaseSmsBudget, smsUsedToday } from "./sms-budget";

export const orderCalls = {
  priceItems,
  createOrder,
  orderByKey,
  tokensOrders,
  tokensOrder,
  claimSmsBudget,
  releaseSmsBudget,
  smsUsedToday,
  settleSession,
  moveOrderRows,
  claimRefund,
  openPartialRefund,
  sessionIntent,
  keepSessionIntent,
  storeRefundAnswer,
  stripeRefundDecided,
};
