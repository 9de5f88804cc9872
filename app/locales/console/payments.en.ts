// The payment settings' strings (/console/payments), English.
const payments = {
  title: "Card payments",
  intro:
    "Diners in Kuwait, Saudi Arabia, Bahrain, Qatar and Oman pay through Tap Payments: KNET, mada, Benefit, Apple Pay and cards, on Tap's own secure page. Connect your restaurant's Tap account with its secret key.",
  demo: "DEMO: Tap's test service here is a local stand-in. Connect with any key that starts with sk_test_demo.",
  state: {
    none: "Not connected: diners cannot pay by card through Tap.",
    active: "Connected: diners pay by card through Tap.",
    refused: "Tap refused the last key:",
  },
  mode: { live: "Live key", test: "Test key: no real money moves." },
  key: "Tap secret key",
  keyHint: "From Tap's dashboard (goSell → API credentials): it starts with sk_live_ or sk_test_. It is stored encrypted and never shown again.",
  connect: "Connect Tap",
  replace: "Replace the key",
  forget: "Disconnect Tap",
  forgetHint: "Diners stop paying by card through Tap at once. Orders already paid and their refunds are kept.",
  through: {
    title: "Your diners pay through",
    tap: "Tap: KNET, mada or Benefit, Apple Pay and cards, every fils of the price",
    stripe: "Stripe: cards, amounts in KWD, BHD and OMR in steps of 0.010",
    save: "Save the choice",
  },
  unavailable: {
    country: "Tap serves restaurants in Kuwait, Saudi Arabia, Bahrain, Qatar and Oman. Your restaurant's cards go through the site's card provider.",
    site: "This site is not set up for Tap (TAP_PAYMENTS and TAP_KEY_SECRET): ask whoever runs it.",
  },
  outcome: {
    connected: "Tap is connected. Diners can pay by card.",
    forgotten: "Tap is disconnected.",
    chosen: "Saved. Your menu and checkout follow it now.",
    not_both: "Only Tap or only Stripe serves your restaurant here: there is nothing to choose.",
    secret_key: "That is not a Tap secret key: it starts with sk_live_ or sk_test_.",
    refused: "Tap refused this key. Check it in Tap's dashboard and paste it again.",
    unreachable: "Tap did not answer, so nothing was changed. Try again in a minute.",
    unconfigured: "This site is not set up for Tap.",
    country: "Tap does not serve your restaurant's country here.",
    input: "Something in the form was missing. Try again.",
  },
};

export default payments;
