// Tap Payments' operations on the restaurant's object (./calls.ts; ./tap-rows.ts): the account the console
// connects, the sessions the checkout opens and the return and notification find, a refund's later word.
import {
  addTapSession,
  chooseCardsThrough,
  forgetTapAccount,
  openTapPage,
  sealedTapKey,
  setTapCharge,
  storeTapAccount,
  tapAccount,
  tapRefundDecided,
  tapSession,
  tapSessionOfCharge,
} from "./tap-rows";

export const tapCalls = {
  tapAccount,
  sealedTapKey,
  storeTapAccount,
  forgetTapAccount,
  chooseCardsThrough,
  addTapSession,
  setTapCharge,
  openTapPage,
  tapSession,
  tapSessionOfCharge,
  tapRefundDecided,
};
