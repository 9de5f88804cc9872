// The console's navigation: one list, each item with the capability its screen needs (the server
// checks it again in the screen's loader; this only hides what the role cannot open).
import type { Capability } from "../../../worker/rules/roles";

export interface NavItem {
  to: string;
  label: "home" | "orders" | "menu" | "insights" | "branches" | "staff" | "tax" | "payments" | "webhooks" | "account" | "security";
  needs?: Capability;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: "/console", label: "home", needs: "setup" },
  { to: "/console/orders", label: "orders", needs: "orders" },
  { to: "/console/menu", label: "menu", needs: "menu" },
  { to: "/console/insights", label: "insights", needs: "insights" },
  { to: "/console/branches", label: "branches", needs: "branches" },
  { to: "/console/staff", label: "staff", needs: "staff" },
  { to: "/console/tax", label: "tax", needs: "billing" },
  { to: "/console/payments", label: "payments", needs: "billing" },
  { to: "/console/webhooks", label: "webhooks", needs: "integrations" },
  { to: "/console/account", label: "account", needs: "billing" },
  { to: "/console/security", label: "security" },
];
