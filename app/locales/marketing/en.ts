// Marketing-site copy (English). Loaded only by the marketing pages, never by the menu app.
const en = {
  brand: "Menu",
  nav: { home: "Home", contact: "Contact", demo: "Live demo", main: "Site" },
  titles: { home: "Home", contact: "Contact", terms: "Terms of Service", privacy: "Privacy Policy", about: "About us" },
  descriptions: {
    home: "A QR-code digital menu with ordering for restaurants and cafés in the UAE: English and Arabic, every branch in its own colours, from 95 AED a month.",
    contact: "Call, WhatsApp or write to the Menu team: demos, pricing and support for restaurants and cafés in the UAE.",
    terms: "The terms of service of Menu, the digital menu and ordering service for restaurants.",
    privacy: "How Menu collects, uses and protects personal data.",
    about: "Who we are and why we build digital menus for restaurants and cafés.",
  },
  offer: { label: "Launch offer", was: "119 AED", now: "95 AED", per: "per month", save: "Save up to 20%" },
  hero: {
    title: "Your menu on every phone at the table",
    text: "Diners scan a QR code, browse your menu in English or Arabic, pick options and order from their table. You change prices and dishes in seconds, for every branch.",
    primary: "Talk to us",
    secondary: "Try the live demo",
  },
  featuresTitle: "Everything a restaurant menu needs",
  features: {
    languages: { title: "Multiple languages", text: "English and Arabic side by side, with right-to-left layout done properly. Diners switch with one tap." },
    branches: { title: "Multiple separate branches", text: "Each branch has its own menu, prices, opening details and ordering settings under one account." },
    design: { title: "Design customization", text: "Your colours, your logo, light and dark mode. The menu looks like your restaurant, not like ours." },
    update: { title: "Easy update", text: "Change a price, hide a dish that ran out or add today's special, and every phone sees it within a minute." },
    offers: { title: "Tags and offers", text: "Mark dishes as new or popular, show offer prices with the old price struck through." },
    options: { title: "Options and add-ons", text: "Sizes, milk choices, sauces and extras, each with its own price, added up as the diner chooses." },
    sorting: { title: "Product sorting", text: "Put your best sellers first. Menus, categories and dishes appear in exactly the order you set." },
    social: { title: "Social media integration", text: "Instagram, WhatsApp, Facebook, Snapchat, X and your location, one tap away from the menu." },
    support: { title: "Customer support", text: "A real team in the UAE that answers on WhatsApp and the phone, in English and Arabic." },
  },
  preview: {
    latte: "Saffron Latte", latteAr: "لاتيه بالزعفران", marina: "Dubai Marina", corniche: "Abu Dhabi Corniche",
    price: "Price", saved: "Saved", new: "New", popular: "Popular", size: "Size", small: "Small", medium: "Medium", large: "Large",
    order: ["Breakfast", "Coffee & Tea", "Desserts"], supportMsg: "Hi! Can you add our new brunch menu?", supportReply: "Done, it's live ✓",
  },
  plans: {
    title: "Simple pricing",
    text: "One price per restaurant, every feature included. Billed monthly or annually, in advance; cancel any time.",
    monthly: { name: "Monthly", price: "95 AED", was: "119 AED", per: "per month", note: "Billed every month" },
    annual: { name: "Annual", price: "1,140 AED", was: "1,428 AED", per: "per year", note: "Billed once a year" },
    trial: "Start with a free trial: you are only charged when it ends, unless you cancel.",
    includes: ["Unlimited dishes and menus", "English and Arabic", "QR codes for every table", "Ordering by SMS code or card payment"],
    cta: "Start your free trial",
  },
  cta: { title: "See your menu on a phone this week", text: "Send us your current menu and we'll set up a demo in your colours.", button: "Contact us" },
  footer: {
    contact: "Contact", legal: "Legal", producedBy: "Produced by", company: "Menu Technologies",
    phone: "+971 4 555 0100", whatsapp: "+971 50 555 0100", email: "hello@menu.example.com", address: "Dubai, United Arab Emirates",
  },
  contact: {
    title: "Contact us",
    text: "Questions, a demo or help with your menu: we answer within one working day.",
    phones: "Phone", whatsapp: "WhatsApp", email: "E-mail",
    form: "Send us a message",
    name: "Name", phone: "Phone", subject: "Subject", message: "Message",
    required: "This field is required",
    send: "Write the e-mail",
    ready: "Your message is ready. Open it in your mail app to send it:",
    open: "Open in my mail app",
    mailSubject: "Menu enquiry",
    body: { name: "Name", phone: "Phone" },
  },
  about: {
    title: "About us",
    paragraphs: [
      "Menu is made by a small team in Dubai that has spent years around restaurant kitchens and the software that serves them.",
      "We build one thing: the menu a diner holds at the table. It has to open at once on any phone, read naturally in English and Arabic, and look like the restaurant it belongs to.",
      "Restaurants and cafés with one or many branches use Menu to show their dishes, take orders from the table and keep prices right without reprinting anything.",
    ],
  },
  notFound: { title: "404 - Page Not Found", text: "Oops! We couldn't find the page you were looking for. It might have been eaten!", home: "Back to the home page" },
  legal: { updated: "Last updated", contents: "Contents" },
};

export default en;
export type MarketingStrings = typeof en;
