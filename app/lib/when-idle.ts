// Fetching a chunk that a tap or a navigation will need (a sheet, its content, a skeleton) once the
// page is idle: off the first load, yet there when it is needed.
import { useEffect, useState } from "react";

/** Runs `task` when the browser is idle (at the latest after 3 s); returns the cancel. */
function whenIdle(task: () => void): () => void {
  if ("requestIdleCallback" in window) {
    const id = requestIdleCallback(task, { timeout: 3_000 });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(task, 1_500);
  return () => clearTimeout(timer);
}

/** Calls `load` when the browser is idle; a failure is left to the real use. */
export function usePreloadWhenIdle(load: () => Promise<unknown>) {
  useEffect(() => whenIdle(() => void load().catch(() => undefined)), [load]);
}

/** What `load` gives, once fetched at idle: null before (and on the server). */
export function useLoadedWhenIdle<M>(load: () => Promise<M>): M | null {
  const [loaded, setLoaded] = useState<M | null>(null);
  useEffect(() => {
    let live = true;
    const cancel = whenIdle(
      () =>
        void load().then(
          (m) => live && setLoaded(() => m),
          () => undefined,
        ),
    );
    return () => {
      live = false;
      cancel();
    };
  }, [load]);
  return loaded;
}
