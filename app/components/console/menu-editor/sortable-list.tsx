// A list the restaurant puts in order: drag a row's handle (mouse, pen or finger), or with the keyboard
// press the up / down buttons or the arrow keys on the focused handle. Each move saves the whole new
// order at once (intent "reorder": every id of the parent, so the server checks nothing is missing).
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { useConsoleTranslation } from "~/locales/console";
import type { Level } from "../../../../worker/rules/menu-forms";

interface Props<T extends { id: number }> {
  level: Level;
  parent: number;
  items: readonly T[];
  name: (item: T) => string;
  row: (item: T, controls: ReactNode) => ReactNode;
  /** Items left out of view (a search): still in the order that is saved. */
  hidden?: (item: T) => boolean;
  className?: string;
  testId: string;
}

const small = "inline-flex size-9 items-center justify-center rounded-full text-lg ring-1 ring-black/15 disabled:opacity-30 dark:ring-white/20";

export function SortableList<T extends { id: number }>({ level, parent, items, name, row, hidden, className, testId }: Props<T>) {
  const { t } = useConsoleTranslation();
  const fetcher = useFetcher();
  const [order, setOrder] = useState(() => items.map((i) => i.id));
  const [announce, setAnnounce] = useState("");
  const handles = useRef(new Map<number, HTMLButtonElement>());
  const rows = useRef(new Map<number, HTMLLIElement>());
  const dragging = useRef<{ id: number; start: string } | null>(null);
  const focusAfter = useRef<number | null>(null);
  const serverOrder = items.map((i) => i.id).join();
  // The loader's order wins whenever it changes (a save, a new row, another tab).
  useEffect(() => setOrder(serverOrder ? serverOrder.split(",").map(Number) : []), [serverOrder]);
  useEffect(() => {
    if (focusAfter.current !== null) handles.current.get(focusAfter.current)?.focus();
    focusAfter.current = null;
  }, [order]);
  const byId = new Map(items.map((i) => [i.id, i]));
  const shown = order.filter((id) => byId.has(id));

  const save = (ids: number[]) => {
    const body = new FormData();
    body.set("intent", "reorder");
    body.set("level", level);
    body.set("parent", String(parent));
    for (const id of ids) body.append("ids", String(id));
    void fetcher.submit(body, { method: "post" });
  };
  const moveTo = (id: number, to: number, persist = true) => {
    const from = shown.indexOf(id);
    if (to < 0 || to >= shown.length || to === from) return shown;
    const next = [...shown];
    next.splice(from, 1);
    next.splice(to, 0, id);
    setOrder(next);
    setAnnounce(t("console.menuEditor.moved", { name: name(byId.get(id)!), position: to + 1, count: next.length }));
    if (persist) save(next);
    return next;
  };
  const onKey = (id: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
    event.preventDefault();
    focusAfter.current = id;
    moveTo(id, shown.indexOf(id) + (event.key === "ArrowUp" ? -1 : 1));
  };
  const onPointerDown = (id: number) => (event: PointerEvent<HTMLButtonElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    dragging.current = { id, start: shown.join() };
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const drag = dragging.current;
    if (!drag) return;
    // The row whose middle the pointer passed is where the dragged row goes.
    const target = shown.findIndex((other) => {
      const box = rows.current.get(other)?.getBoundingClientRect();
      return box !== undefined && event.clientY >= box.top && event.clientY <= box.bottom;
    });
    if (target >= 0 && shown[target] !== drag.id) moveTo(drag.id, target, false);
  };
  const onPointerUp = () => {
    const drag = dragging.current;
    dragging.current = null;
    if (drag && shown.join() !== drag.start) save(shown);
  };

  return (
    <>
      <ol className={className} data-testid={testId}>
        {shown.map((id, index) => {
          const item = byId.get(id)!;
          const label = name(item);
          const controls = (
            <span className="flex shrink-0 items-center gap-1">
              <button
                type="button"
                ref={(el) => void (el ? handles.current.set(id, el) : handles.current.delete(id))}
                aria-label={t("console.menuEditor.dragHandle", { name: label })}
                onKeyDown={onKey(id)}
                onPointerDown={onPointerDown(id)}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerUp}
                onPointerCancel={onPointerUp}
                className={`${small} cursor-grab touch-none select-none`}
                data-testid="drag-handle"
              >
                ⠿
              </button>
              <button
                type="button"
                className={small}
                disabled={index === 0}
                aria-label={t("console.menuEditor.moveUp", { name: label })}
                onClick={() => moveTo(id, index - 1)}
              >
                ↑
              </button>
              <button
                type="button"
                className={small}
                disabled={index === shown.length - 1}
                aria-label={t("console.menuEditor.moveDown", { name: label })}
                onClick={() => moveTo(id, index + 1)}
              >
                ↓
              </button>
            </span>
          );
          return (
            <li key={id} hidden={hidden?.(item) || undefined} ref={(el) => void (el ? rows.current.set(id, el) : rows.current.delete(id))}>
              {row(item, controls)}
            </li>
          );
        })}
      </ol>
      <p aria-live="polite" className="sr-only">
        {announce}
      </p>
    </>
  );
}
