// The restaurant API's (diner-facing) operations on the restaurant's object (./calls.ts), with the
// providers', the edge's and the pictures' ones, listed here so the object can run them by name.
import {
  branchProducts,
  branchRow,
  dinerBranches,
  dinerCategories,
  dinerMenus,
  dinerProducts,
  restaurantBrand,
  restaurantSocials,
  reviewLink,
} from "./catalogue-reads";
import { requestB2b } from "./b2b-rows";
import { dinerOwnsOrder } from "./diner-order-rows";
import { invoiceOf } from "./invoices";
import { addRestaurantKey, restaurantKeyHashes } from "./key-rows";
import {
  addDemoSession,
  addStripeSession,
  demoSession,
  exchangePaymentToken,
  recordStripeEvent,
  stripeSessionSeen,
  stripeSessionTries,
} from "./payment-session-rows";
import { claimPicture, currentPicture, releasePicture, setPicture, sweepPictureRows } from "./picture-rows";
import { rateOrder } from "./ratings";
import { callService, tableCalls } from "./service-calls";
import { addVisitCounts } from "./visit-rows";

export const dinerCalls = {
  branchRow,
  dinerBranches,
  dinerMenus,
  dinerCategories,
  dinerProducts,
  restaurantBrand,
  restaurantSocials,
  reviewLink,
  branchProducts,
  addVisitCounts,
  dinerOwnsOrder,
  requestB2b,
  restaurantKeyHashes,
  addRestaurantKey,
  addDemoSession,
  demoSession,
  stripeSessionTries,
  addStripeSession,
  stripeSessionSeen,
  recordStripeEvent,
  exchangePaymentToken,
  currentPicture,
  setPicture,
  claimPicture,
  releasePicture,
  sweepPictureRows,
  callService,
  tableCalls,
  rateOrder,
  invoiceOf,
};
