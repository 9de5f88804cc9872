// The board's "something changed, load again", coalesced: one reload in flight and at most one
// more after it. Calling revalidate() while one runs would abort it (React Router starts over), so a
// burst of events at a busy board becomes two reads, not one per event.
import { useCallback, useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

export function useRevalidateSoon(): () => void {
  const revalidator = useRevalidator();
  const state = useRef(revalidator.state);
  const again = useRef(false);
  const start = useRef(revalidator.revalidate);
  start.current = revalidator.revalidate;
  state.current = revalidator.state;
  useEffect(() => {
    if (revalidator.state !== "idle" || !again.current) return;
    again.current = false;
    void start.current();
  }, [revalidator.state]);
  return useCallback(() => {
    if (state.current !== "idle") again.current = true;
    else {
      state.current = "loading";
      void start.current();
    }
  }, []);
}
