// English strings. Keys are shared with ar.ts (its type is checked against this file).
const en = {
  app: { name: "Menu", producedBy: "Produced by", provider: "Menu" },
  a11y: { skipToContent: "Skip to content", switchTheme: "Switch between light and dark", language: "Language" },
  language: { en: "English", ar: "العربية", switchTo: "ع", switchLabel: "عربي" },
  branches: {
    welcome: "Welcome to {{name}}",
    ourBranches: "our branches",
    address: "Address",
    phone: "Phone",
    mobile: "Mobile",
    open: "Open the menu of {{name}}",
    ordersOn: "Order from your table",
    menuOnly: "Menu only",
    empty: "This restaurant has no branches to show yet.",
  },
  notFound: {
    title: "404 - Page Not Found",
    text: "Oops! We couldn't find the page you were looking for. It might have been eaten!",
    home: "Back to the home page",
  },
  unavailable: {
    title: "The menu is taking a break",
    text: "We couldn't reach the restaurant just now. Please try again in a moment.",
    retry: "Try again",
  },
  error: { title: "Unexpected Application Error!" },
};

export default en;
export type Strings = typeof en;
