// The console's rows as its routes' loaders and actions send them, for the components that show them:
// code that runs in the browser takes these types from the routes (React Router's generated `+types`),
// never from the worker's modules (tests/unit/layout.test.ts).
import type { Route as Account } from "../routes/console/+types/account";
import type { Route as DishOptions } from "../routes/console/+types/dish-options";
import type { Route as Insights } from "../routes/console/+types/insights";
import type { Route as Menu } from "../routes/console/+types/menu";
import type { Route as Orders } from "../routes/console/+types/orders";
import type { Route as Printers } from "../routes/console/+types/printers";
import type { Route as Switches } from "../routes/console/+types/switches";
import type { Route as Tax } from "../routes/console/+types/tax";
import type { Route as Webhooks } from "../routes/console/+types/webhooks";

type Board = Orders.ComponentProps["loaderData"];
type Taxes = Tax.ComponentProps["loaderData"];
type Hooks = Webhooks.ComponentProps["loaderData"];

/** An order on the board (worker/restaurant/board-rows.ts). */
export type ConsoleOrder = Board["orders"][number];
/** A table's waiting call for the staff (worker/restaurant/service-calls.ts). */
export type ServiceCall = Board["calls"][number];
/** A dish the board's sold-out search found (worker/restaurant/switch-rows.ts). */
export type SwitchDish = Switches.ComponentProps["loaderData"]["dishes"][number];
/** What a change of the currency would round, to confirm (worker/console/currency.ts). */
export type CurrencyPlan = NonNullable<NonNullable<Account.ComponentProps["actionData"]>["plan"]>;
/** One option group of a dish, as the options editor opens it (worker/restaurant/dish-option-rows.ts). */
export type DishGroup = DishOptions.ComponentProps["loaderData"]["dish"]["groups"][number];
/** A branch's ratings on the insights screen (worker/restaurant/ratings.ts). */
export type BranchRatings = NonNullable<Insights.ComponentProps["loaderData"]["insights"]>["ratings"];
/** A dish in the menu editor (worker/restaurant/menu-tree-rows.ts). */
export type EditorDish = Menu.ComponentProps["loaderData"]["menus"][number]["categories"][number]["dishes"][number];
/** A kitchen printer of the branch (worker/restaurant/printers.ts). */
export type ConsolePrinter = Printers.ComponentProps["loaderData"]["printers"][number];
/** A tax document of the month and the month's totals per VAT rate (worker/console/invoice-list.ts). */
export type ListedInvoice = Taxes["documents"][number];
export type RateTotal = Taxes["totals"][number];
/** The seller's details printed on tax invoices (worker/console/seller.ts). */
export type SellerSettings = Taxes["seller"];
/** A Saudi restaurant's ZATCA onboarding per branch (worker/console/egs-panel.ts); no key or secret is in it. */
export type EgsPanelData = NonNullable<Taxes["egs"]>;
/** A webhook endpoint and one delivery of it (worker/restaurant/webhooks.ts). */
export type Endpoint = Hooks["endpoints"][number];
export type DeliveryRow = Hooks["deliveries"][number];
