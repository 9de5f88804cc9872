// Who may do what in the console: one table, checked on the server by every console loader and action.
// owner > manager > staff; a staff member works only in the branches they are assigned to.
export const ROLES = ["staff", "manager", "owner"] as const;
export type Role = (typeof ROLES)[number];

/** The least role each part of the console needs. */
const NEEDS = {
  /** The "first steps" checklist (/console): setting the restaurant up is the owner's; others land on the board. */
  setup: "owner",
  /** The orders board and sold-out switches (staff: their branches only). */
  orders: "staff",
  /** Refunding part of a card-paid order from the board (docs/decisions/0083): money back is a manager's call. */
  refunds: "manager",
  menu: "manager",
  /** What diners look at (/console/insights): visits and orders per branch. */
  insights: "manager",
  branches: "manager",
  staff: "owner",
  billing: "owner",
  /** Downloading all the restaurant's data (/console/account/export). */
  data: "owner",
  /** The restaurant's own domain (a DNS name the owner controls, and its Cloudflare hostname). */
  domain: "owner",
  /** The restaurant's other systems told about its orders (/console/webhooks: endpoints and their secrets). */
  integrations: "owner",
} as const satisfies Record<string, Role>;
export type Capability = keyof typeof NEEDS;

export const can = (role: Role, capability: Capability): boolean => ROLES.indexOf(role) >= ROLES.indexOf(NEEDS[capability]);
