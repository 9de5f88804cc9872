// Fetching a chunk that a tap will need (a sheet, its content) once the page is idle: off the first
// load, yet there at the first tap.
import { useEffect } from "react";

/** Calls `load` when the browser is idle (at the latest after 3 s); a failure is left to the real use. */
export function usePreloadWhenIdle(load: () => Promise<unknown>) {
  useEffect(() => {
    const preload = () => void load().catch(() => undefined);
    if ("requestIdleCallback" in window) {
      const id = requestIdleCallback(preload, { timeout: 3_000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(preload, 1_500);
    return () => clearTimeout(timer);
  }, [load]);
}
