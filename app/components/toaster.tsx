// Places the toasts at the top end of the screen (top-right in English, top-left in Arabic): at the
// end of the page, or inside the open bottom sheet when there is one. A toast's own code
// (./toast-item.tsx) is fetched at idle or with the first toast, so no first load carries it; the
// live region is here from the start, so the first toast is announced like the others.
import { useEffect, useState, type ComponentType } from "react";
import { useOpenSheet } from "~/lib/open-sheet";
import { usePreloadWhenIdle } from "~/lib/when-idle";
import { useToasts, type Toast } from "~/lib/toast";

type Item = ComponentType<{ item: Toast }>;
let loaded: Item | null = null;

/** Loads the toast component; the first toast does it (tests call it up front). */
export const preloadToasts = (): Promise<Item> => import("./toast-item").then((m) => (loaded = m.ToastItem));

/**
 * The toasts' live region. A modal sheet makes everything outside it inert and draws over it, so
 * while one is open its own region (`inSheet`, app/components/bottom-sheet-dialog.tsx) shows them.
 * No portal: react-dom would then be a chunk of its own on every screen.
 */
export function Toaster({ inSheet = false }: { inSheet?: boolean }) {
  const items = useToasts();
  // Fetched at idle too, so a toast that comes while the network or the page is busy (an order that
  // failed slowly) does not also wait for its code.
  usePreloadWhenIdle(preloadToasts);
  const sheetOpen = useOpenSheet() !== null;
  const [ToastItem, setToastItem] = useState<Item | null>(() => loaded);
  useEffect(() => {
    // A failed load is tried again with the next toast.
    if (items.length && !ToastItem)
      preloadToasts().then(
        (item) => setToastItem(() => item),
        () => undefined,
      );
  }, [items, ToastItem]);
  if (sheetOpen !== inSheet) return null;
  return (
    // Not a list: each toast is a status (or alert) region of its own.
    <div aria-live="polite" className="pointer-events-none fixed end-3 top-3 z-50 flex w-[min(22rem,calc(100vw-1.5rem))] flex-col gap-2">
      {ToastItem && items.map((item) => <ToastItem key={item.id} item={item} />)}
    </div>
  );
}
