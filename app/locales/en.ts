// English strings. Keys are shared with ar.ts (its type is checked against this file).
import { plural } from "./plural";

const en = {
  app: { name: "Menu", producedBy: "Produced by", provider: "Menu" },
  a11y: { skipToContent: "Skip to content", switchTheme: "Switch between light and dark", language: "Language" },
  language: { en: "English", ar: "العربية", switchTo: "ع", switchLabel: "عربي" },
  // Counted things, each in the plural forms of its language (./plural.ts).
  counts: { items: plural({ one: "{{count}} item", other: "{{count}} items" }) },
  progress: { loading: "Loading…" },
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
  error: { title: "Unexpected Application Error!", notFoundTitle: "Not found" },
  common: { close: "Close", back: "Back", home: "Home" },
  paused: {
    title: "Ordering is paused",
    until: "You can order again at {{time}}. The menu stays open.",
    untilResumed: "The restaurant will resume orders shortly. The menu stays open.",
  },
  closed: {
    title: "Closed now",
    opensAt: "Closed now, opens at {{time}}",
    opensOn: "Closed now, opens {{day}} at {{time}}",
    text: "You can look through the menu; ordering starts when the branch opens.",
  },
  nav: { language: "Language", info: "Info", cart: "Cart", orders: "Orders", main: "Main" },
  branch: {
    menus: "menus",
    recentlyViewed: "recently viewed",
    scrollBack: "Scroll back",
    scrollForward: "Scroll forward",
    searchLabel: "Search the menu",
    searchPlaceholder: "Search dishes and drinks",
    noResults: "No results found",
    results: plural({ one: "{{count}} result", other: "{{count}} results" }),
    connectWithUs: "connect with us",
    branchInfo: "Branch info",
  },
  synthetic: { offers: "Offers", new: "New", popular: "Popular" },
  product: {
    new: "New",
    common: "Popular",
    unavailable: "Unavailable",
    add: "Add {{name}}",
    options: "Options",
    total: "Total",
    quantity: "Quantity",
    increase: "Increase quantity",
    decrease: "Decrease quantity",
    note: "Note",
    notePlaceholder: "Any requests? (no onions, extra hot…)",
    addToCart: "Add to cart",
    categories: "Categories",
    layout: "Layout",
    grid: "Grid",
    list: "List",
    columns: plural({ one: "{{count}} column", other: "{{count}} columns" }),
    empty: "Nothing here yet.",
    chooseOne: "Choose one",
    added: "The product has been added to the cart.",
    goToCart: "Click to go to cart",
  },
  social: { facebook: "Facebook", instagram: "Instagram", whatsapp: "WhatsApp", telegram: "Telegram", snapchat: "Snapchat", twitter: "X (Twitter)", location: "Location" },
  // Issue 12 (phone format, search button, 404 inside a restaurant, toasts): kept together to merge cleanly.
  extras: {
    phoneHint: "For example {{example}}: {{min}} to {{max}} digits; spaces, dashes and a leading + are fine.",
    search: "Search",
    restaurantHome: "Back to the restaurant's branches",
    dismissToast: "Dismiss",
  },
};

export default en;
export type Strings = typeof en;
