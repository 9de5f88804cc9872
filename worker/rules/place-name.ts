// A branch named as its restaurant ("Saffron" of "Saffron", the usual one-branch restaurant) is printed
// once: kitchen tickets and table cards name the restaurant, then the branch only when it says more.

const same = (a: string, b: string) => a.trim().localeCompare(b.trim(), undefined, { sensitivity: "accent" }) === 0;

/** The branch's name where it differs from the restaurant's, else "" (case and outer spaces aside). */
export const branchOwnName = (restaurant: string, branch: string): string => (same(restaurant, branch) ? "" : branch.trim());

/** "Saffron · Marina", or "Saffron" alone when the branch bears the restaurant's name (either may be empty). */
export const placeName = (restaurant: string, branch: string): string =>
  [restaurant.trim(), branchOwnName(restaurant, branch)].filter((n) => n !== "").join(" · ");
