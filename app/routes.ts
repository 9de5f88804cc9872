import { index, route, type RouteConfig } from "@react-router/dev/routes";

// The menu app's screens exist at /{domain}/… and again under /table/{table}/…; each module is
// registered twice with distinct ids.
function menuApp(prefix: string, id: string) {
  return [
    route(`${prefix}:domain`, "routes/tenant/branches.tsx", { id: `${id}branches` }),
    route(`${prefix}:domain/:branchId`, "routes/tenant/branch-layout.tsx", { id: `${id}branch` }, [
      index("routes/tenant/branch-home.tsx", { id: `${id}branch-home` }),
      route("search", "routes/tenant/search.tsx", { id: `${id}search` }),
      route("cart", "routes/tenant/cart.tsx", { id: `${id}cart` }),
      route("orders", "routes/tenant/orders.tsx", { id: `${id}orders` }),
      route("orders/:orderId/invoice", "routes/tenant/invoice.tsx", { id: `${id}invoice` }),
      route("info", "routes/tenant/info.tsx", { id: `${id}info` }),
      route("service", "routes/tenant/service.tsx", { id: `${id}service` }),
      route(":menu", "routes/tenant/product-list.tsx", { id: `${id}product-list` }),
      route(":menu/:product", "routes/tenant/product-page.tsx", { id: `${id}product-page` }),
    ]),
  ];
}

export default [
  index("routes/home.tsx"),
  route("action/set-theme", "routes/action.set-theme.ts"),
  route("action/set-language", "routes/action.set-language.ts"),
  route("contact", "routes/marketing/contact.tsx"),
  route("about-us", "routes/marketing/about.tsx"),
  // The spec's realtime test page and its GET publishing call.
  route("chat", "routes/marketing/chat.tsx"),
  route("send_message", "routes/marketing/send-message.ts"),
  route("privacy-policy", "routes/marketing/legal.tsx", { id: "privacy-policy" }),
  route("terms-of-service", "routes/marketing/legal.tsx", { id: "terms-of-service" }),
  route("sitemap.xml", "routes/marketing/sitemap.ts"),
  route("robots.txt", "routes/marketing/robots.ts"),
  // The restaurant's side (embedded API only): sign-up and the console. Static paths, so no
  // restaurant can be named after them (worker/rules/reserved.ts refuses these words).
  route("signup", "routes/signup/signup.tsx"),
  route("signup/check", "routes/signup/check.ts"),
  route("console/sign-in", "routes/console/sign-in.tsx"),
  route("console/sign-out", "routes/console/sign-out.ts"),
  // A person's pending invitations (outside the frame: no restaurant is theirs yet).
  route("console/invitations", "routes/console/invitations.tsx"),
  route("console/passkey/:step", "routes/console/passkey.ts"),
  // The restaurant switcher's form (a resource route: no frame, no screen).
  route("console/restaurant", "routes/console/restaurant.ts"),
  route("console/switches", "routes/console/switches.ts"),
  route("console/realtime/auth", "routes/console/realtime-auth.ts"),
  route("console/domain", "routes/console/domain.ts"),
  // Table QR codes: the printable A4 sheet is a page of its own (no console frame to hide in print),
  // and the PDF a resource route.
  route("console/branches/:branchId/codes/sheet", "routes/console/codes-sheet.tsx"),
  route("console/branches/:branchId/codes.pdf", "routes/console/codes-pdf.ts"),
  // Picture uploads (a resource route; its body bound is its own: worker/storage/upload.ts).
  route("console/pictures", "routes/console/pictures.ts"),
  // A branch's menu as a CSV download (a resource route; the import page is a console screen).
  route("console/menu/export.csv", "routes/console/menu-export.ts"),
  // All the restaurant's data as one JSON file (a resource route, owners only).
  route("console/account/export", "routes/console/account-export.ts"),
  route("console/tax/invoices.csv", "routes/console/tax-csv.ts"),
  route("console/tax/invoices.zip", "routes/console/tax-zip.ts"),
  // A Phase-2 document's signed XML (a resource route, owners only).
  route("console/tax/zatca/:documentId", "routes/console/tax-xml.ts"),
  route("console/tax/egs", "routes/console/tax-egs.ts"),
  // The board's partial refund of a card-paid order (a resource route, managers and owners).
  route("console/orders/refund", "routes/console/orders-refund.ts"),
  route("console", "routes/console/layout.tsx", [
    index("routes/console/home.tsx"),
    route("orders", "routes/console/orders.tsx"),
    route("menu", "routes/console/menu.tsx"),
    route("menu/import", "routes/console/menu-import.tsx"),
    route("insights", "routes/console/insights.tsx"),
    route("menu/dishes/:productId", "routes/console/dish-options.tsx"),
    route("branches", "routes/console/branches.tsx"),
    route("branches/:branchId/codes", "routes/console/codes.tsx"),
    route("branches/:branchId/printers", "routes/console/printers.tsx"),
    route("branches/brand", "routes/console/brand.tsx"),
    route("branches/:branchId", "routes/console/branch-settings.tsx"),
    route("staff", "routes/console/staff.tsx"),
    route("tax", "routes/console/tax.tsx"),
    route("payments", "routes/console/payments.tsx"),
    route("webhooks", "routes/console/webhooks.tsx"),
    route("account", "routes/console/account.tsx"),
    route("billing/demo", "routes/console/billing-demo.tsx"),
    route("security", "routes/console/security.tsx"),
  ]),
  ...menuApp("", ""),
  ...menuApp("table/:table/", "table-"),
  // The old app registered the table offers route with its table segment doubled; keep such links working.
  route("table/:table/table/:table2/:domain/:branchId/offers", "routes/tenant/doubled-offers.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
