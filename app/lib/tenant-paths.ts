// Paths of the menu app: /{domain}/… or /table/{table}/{domain}/…, built in one place. Which first
// segments are the site's own is worker/rules/site-paths.ts's SITE_PATHS (the router reads the same).
import { SITE_PATHS } from "../../worker/rules/site-paths";

export interface TenantParams {
  domain: string;
  table?: string | null;
}

export function tenantBase({ domain, table }: TenantParams): string {
  const d = encodeURIComponent(domain);
  return table ? `/table/${encodeURIComponent(table)}/${d}` : `/${d}`;
}

export const branchPath = (params: TenantParams, branchId: number) => `${tenantBase(params)}/${branchId}`;

/** Whether `pathname` is a branch list (/{domain} or /table/{t}/{domain}). */
export function isBranchListPath(pathname: string): boolean {
  const parts = pathname.split("/").filter(Boolean);
  const domain = parts[0] === "table" && parts.length === 3 ? parts[2] : parts.length === 1 ? parts[0] : null;
  return domain !== null && domain !== undefined && !SITE_PATHS.has(domain);
}

export type SkeletonKind = "home" | "list" | "product";

/** Which branch screen a path under the branch's base is (null: not a branch screen we have a skeleton for). */
export function skeletonKindOf(pathname: string, base: string): SkeletonKind | null {
  if (pathname === base) return "home";
  if (!pathname.startsWith(`${base}/`)) return null;
  const rest = pathname
    .slice(base.length + 1)
    .split("/")
    .filter(Boolean);
  // The search screen keeps the current one (and its focused box) while results load: a skeleton
  // there would take the box away mid-word, and the keys typed meanwhile would be lost.
  if (rest[0] === "cart" || rest[0] === "orders" || rest[0] === "search" || rest[0] === "service") return null;
  return rest.length === 2 ? "product" : "list";
}
