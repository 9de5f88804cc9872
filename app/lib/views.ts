// The product layouts a diner can choose (list, grid of 1/2/3): read by the product list's loader, the
// page's cookies (app/lib/page-headers.ts) and the layout toggle.
export const VIEWS = ["list", "grid1", "grid2", "grid3"] as const;
export type View = (typeof VIEWS)[number];
export const DEFAULT_VIEW: View = "grid2";
