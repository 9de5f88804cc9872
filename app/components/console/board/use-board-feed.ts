// The board's rows in the browser (docs/decisions/0084): its loader's, then each event of the branch
// applied in place (./board-feed.ts). A gap asks `reload` (a read of the board alone) once until it lands:
// the events heard meanwhile that follow the read are then applied over it. A reconnect reads again too.
import { useCallback, useReducer, useRef } from "react";
import { applyBoardEvent, replayBoardEvents, type BoardRows } from "./board-feed";

/** Events kept to replay over a fresh read: a busy branch's few seconds of changes. */
const KEPT_EVENTS = 50;

export function useBoardFeed(loaded: BoardRows, branchId: number, reload: () => void) {
  const heard = useRef<unknown[]>([]);
  const current = useRef({ loaded, rows: loaded });
  const asked = useRef(false);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  // A fresh read (the same result renders the same rows: safe to derive during render).
  if (current.current.loaded !== loaded) {
    current.current = { loaded, rows: replayBoardEvents(loaded, branchId, heard.current) };
    asked.current = false;
  }
  const readAgain = useCallback(() => {
    asked.current = true;
    reload();
  }, [reload]);

  const onEvent = useCallback(
    (_channel: string, data: unknown) => {
      heard.current = [...heard.current.slice(1 - KEPT_EVENTS), data];
      const next = applyBoardEvent(current.current.rows, branchId, data);
      if (next === "reload") return void (asked.current || readAgain());
      if (next === "old") return;
      current.current = { ...current.current, rows: next };
      rerender();
    },
    [branchId, readAgain],
  );
  return { rows: current.current.rows, onEvent, onReconnect: readAgain };
}
