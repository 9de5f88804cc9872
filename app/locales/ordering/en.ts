// The ordering screens' strings (cart, checkout, orders), English: only those screens load them
// (./index.ts); the rest of the interface is in ../en.ts. ar.ts is checked against this file.
import { plural } from "../plural";

const en = {
  // Said where a screen cannot work without JavaScript.
  noScript: { cart: "The cart is kept on this device and needs JavaScript. Please turn JavaScript on to see it and order." },
  cart: {
    title: "Cart",
    empty: "Your cart is empty",
    emptyText: "It looks like you haven't added any item to your cart yet!",
    browse: "Browse products",
    remove: "Remove {{name}}",
    total: "Total",
    checkout: "Checkout",
    name: "Name",
    phone: "Phone",
    note: "Note",
    notePlaceholder: "Anything the kitchen should know?",
    payBy: "How would you like to order?",
    payOtp: "Confirm by SMS code",
    payOnline: "Pay online by card",
    payNow: "Pay now",
    loading: "Loading your cart…",
    problems: "Some items changed since you added them. Please check them:",
    gone: "No longer on the menu",
    unavailable: "Not available right now",
    notServed: "Its menu is not served now: remove it, or order it later",
    options: "Its choices changed: remove it and add it again",
    priceChanged: "The price is now {{price}}",
    acceptPrice: "Use the new price",
    cancelled: "Payment cancelled. Your cart is as you left it.",
  },
  validation: {
    phoneOrName: "Please enter your phone number and name",
    phoneInvalid: "Please enter a valid phone number",
    textInvalid: "Names and notes cannot contain control or text-direction characters",
  },
  otp: {
    title: "Verification",
    sentTo: "A verification code has been sent to",
    code: "Verification code",
    verify: "Verify",
    resend: "Resend",
    resendIn: "Resend in {{seconds}} s",
    invalidOrExpired: "Invalid or expired OTP",
    invalid: "Invalid",
    unavailable: "We couldn't send the code. Please try again.",
    budgetSpent: "This restaurant has sent all the codes it can today. Please order at the counter, or try again tomorrow.",
    demo: "DEMO",
    demoNote: "Demo: no SMS is sent. The code is in the development outbox.",
    tooMany: plural({
      one: "Please wait {{count}} second before asking for a new code.",
      other: "Please wait {{count}} seconds before asking for a new code.",
    }),
  },
  order: {
    error: "There was an error with the request, please try again",
    paused: "Ordering is paused at this branch right now. Your cart is kept.",
    closed: "This branch is closed right now. Your cart is kept.",
    notServed: "A dish in your cart is from a menu that is not served now. Your cart is kept.",
  },
  orders: {
    title: "Orders",
    empty: "You have no orders yet",
    number: "Order #{{number}}",
    value: "Value",
    date: "Date",
    status: "Status",
    note: "Note",
    noNotes: "no notes",
    items: "Items",
    showAll: "show all orders",
    justOrdered: "Thank you! Your order has been placed.",
    willAppear: "Your order will appear here as soon as the restaurant confirms it.",
    confirmingPayment: "confirming payment",
    confirmingTitle: "Confirming your payment…",
    confirmingBody: "This page updates by itself as soon as the payment is confirmed.",
    checkAgain: "Check again",
    paymentFailed: "The payment was not completed, so the order was not placed. Your cart is still on this device.",
    backToCart: "Back to the cart",
    statusChanged: "Order #{{number}}: {{status}}",
    // Plain words for diners (the board keeps the kitchen's own: app/locales/console/screens.*).
    statuses: { pending: "Received", inProcess: "Being prepared", ready: "Ready", canceled: "Cancelled" },
    signIn: "Confirm your phone with an SMS code at checkout to see your orders here.",
    // A cancelled order, and a cancelled card order's refund (its amount, or still on its way).
    cancelled: "Cancelled",
    refunded: "Cancelled · refunded {{amount}}",
    refundOnItsWay: "Cancelled · refund on its way",
    // After a refund recorded by the demo provider (no card was charged or refunded).
    demoRefund: "{{text}} · DEMO",
  },
};

export default en;
export type OrderingStrings = typeof en;
