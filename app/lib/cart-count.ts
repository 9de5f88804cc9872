// The bottom navigation's cart badge. The cart's code (./cart.ts, with its stored-cart schema and
// valibot) is loaded after hydration: the badge is 0 until then anyway (the server has no cart),
// so a screen's first load does not carry it.
import { useEffect, useState } from "react";

/** Fired on this page when the cart changes; other tabs hear the 'storage' event. */
export const CART_UPDATED = "cart-updated";

/** The sum of the branch cart's amounts: 0 on the server and until the cart's code is in. */
export function useCartCount(branchId: number): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let live = true;
    const update = () =>
      void import("./cart").then(
        ({ readCart }) => {
          if (live) setCount(readCart(branchId).reduce((sum, line) => sum + line.amount, 0));
        },
        () => undefined,
      ); // the next change tries again
    update();
    window.addEventListener(CART_UPDATED, update);
    window.addEventListener("storage", update);
    return () => {
      live = false;
      window.removeEventListener(CART_UPDATED, update);
      window.removeEventListener("storage", update);
    };
  }, [branchId]);
  return count;
}
