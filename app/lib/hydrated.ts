// Whether the page's script runs: false in the server's HTML and during hydration, true after. Buttons
// that only act through React (add a row, remove one) stay disabled until then, so an early tap is not lost.
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
