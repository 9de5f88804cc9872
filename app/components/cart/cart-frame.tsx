// The cart screen's frame: its heading (with the table the order goes to) and the placeholder the
// server paints, since the lines live in the device's storage. Shared by the route (before the
// screen's code has come: ./cart-screen.tsx) and the screen itself (before the storage is read).
import { useOrderingTranslation } from "~/locales/ordering";
import { TableLabel } from "../branch/table-label";

/** Every state of the screen: centred, and at least the screen below the top bar (h-14). */
export const SCREEN = "mx-auto min-h-[calc(100dvh-3.5rem)] max-w-xl";

/** The screen's title, with the table the order goes to when the diner came through its code. */
export function CartHeading({ table }: { table: string | null }) {
  const { t } = useOrderingTranslation();
  return (
    <div className="mb-3 flex items-center justify-between gap-3">
      <h1 className="text-2xl font-bold">{t("cart.title")}</h1>
      <TableLabel table={table} />
    </div>
  );
}

/**
 * Each state is a new <main> (its own key) at least a screen tall: what arrives after hydration
 * replaces rather than moves what was painted, and the footer below never jumps (layout shift).
 */
export function CartPlaceholder({ table }: { table: string | null }) {
  const { t } = useOrderingTranslation();
  return (
    <main key="loading" id="main" className={`${SCREEN} px-4`} aria-busy="true">
      <CartHeading table={table} />
      <div className="space-y-3 noscript:hidden">
        <p className="skeleton h-36 rounded-2xl">
          <span className="sr-only">{t("cart.loading")}</span>
        </p>
        <p className="skeleton h-36 rounded-2xl" />
      </div>
      <noscript>
        <p className="rounded-2xl bg-on-surface/5 p-4 font-bold" data-testid="cart-needs-js">
          {t("noScript.cart")}
        </p>
      </noscript>
    </main>
  );
}
