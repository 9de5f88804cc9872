// The bottom navigation's badge: the sum of amounts in the branch's cart (localStorage
// `cart{branchId}`), updated at once by the 'cart-updated' event and across tabs by 'storage'.
import { useSyncExternalStore } from "react";

export const CART_UPDATED = "cart-updated";
export const cartKey = (branchId: number) => `cart${branchId}`;

export function countCart(raw: string | null): number {
  try {
    const lines: unknown = JSON.parse(raw ?? "[]");
    if (!Array.isArray(lines)) return 0;
    return lines.reduce<number>((sum, line) => {
      const amount = (line as { amount?: unknown } | null)?.amount;
      return sum + (typeof amount === "number" && Number.isInteger(amount) && amount > 0 ? amount : 0);
    }, 0);
  } catch {
    return 0;
  }
}

function subscribe(onChange: () => void) {
  window.addEventListener(CART_UPDATED, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(CART_UPDATED, onChange);
    window.removeEventListener("storage", onChange);
  };
}

export function useCartCount(branchId: number): number {
  return useSyncExternalStore(
    subscribe,
    () => {
      try {
        return countCart(localStorage.getItem(cartKey(branchId)));
      } catch {
        return 0;
      }
    },
    () => 0, // the server has no cart
  );
}
