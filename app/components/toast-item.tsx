// One toast (app/components/toaster.tsx places them): dragged away with pointer events (mouse, pen
// and touch, either direction), closed with its button or Escape, its time stopped while it is
// hovered, keyboard-focused, dragged, or the window is not focused (app/lib/toast.ts). A chunk of
// its own, loaded with the first toast: no screen's first load needs it.
import { useEffect, useRef, type MouseEvent, type PointerEvent, type RefObject } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "~/lib/i18n";
import { createCountdown, dismissToast, isDraggedAway, type Countdown, type HoldReason, type Toast } from "~/lib/toast";

const COLOURS: Record<Toast["type"], string> = {
  success: "bg-emerald-700 text-white",
  error: "bg-red-700 text-white",
  warning: "bg-amber-500 text-black",
  info: "bg-sky-700 text-white",
  loading: "bg-stone-800 text-white",
};

/** Below this many pixels a press is a tap, not a drag. */
const DRAG_SLOP = 6;
const LEAVE_MS = 150;
const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Follows a horizontal drag and lets go past the threshold; a tap stays a tap (the toast's link). */
function useDragAway(box: RefObject<HTMLDivElement | null>, onAway: () => void, hold: (r: HoldReason) => void, release: (r: HoldReason) => void) {
  const drag = useRef<{ pointer: number; x: number; dx: number; width: number; moved: boolean } | null>(null);
  const afterDrag = useRef(false);
  const place = (dx: number, animate: boolean) => {
    const el = box.current;
    if (!el) return;
    el.style.transition = animate && !reducedMotion() ? `transform ${LEAVE_MS}ms ease-out, opacity ${LEAVE_MS}ms ease-out` : "none";
    el.style.transform = dx ? `translateX(${dx}px)` : "";
    el.style.opacity = dx ? String(Math.max(0.2, 1 - Math.abs(dx) / (el.offsetWidth || 1))) : "";
  };
  const end = (e: PointerEvent<HTMLDivElement>, letGo: boolean) => {
    const d = drag.current;
    if (!d || d.pointer !== e.pointerId) return;
    drag.current = null;
    if (!d.moved) return;
    afterDrag.current = true;
    release("drag");
    if (!letGo || !isDraggedAway(d.dx, d.width)) return place(0, true);
    if (reducedMotion()) return onAway();
    place(Math.sign(d.dx) * d.width * 1.2, true);
    setTimeout(onAway, LEAVE_MS);
  };
  return {
    onPointerDown(e: PointerEvent<HTMLDivElement>) {
      afterDrag.current = false;
      if (e.button !== 0 || (e.target as Element).closest("[data-toast-close]")) return;
      drag.current = { pointer: e.pointerId, x: e.clientX, dx: 0, width: e.currentTarget.offsetWidth, moved: false };
    },
    onPointerMove(e: PointerEvent<HTMLDivElement>) {
      const d = drag.current;
      if (!d || d.pointer !== e.pointerId) return;
      d.dx = e.clientX - d.x;
      if (!d.moved && Math.abs(d.dx) > DRAG_SLOP) {
        d.moved = true;
        e.currentTarget.setPointerCapture(e.pointerId);
        hold("drag");
      }
      if (d.moved) place(d.dx, false);
    },
    // The toast follows the mouse, so the point it was pressed at soon shows what lies under it (the
    // header's back link): the browser would start dragging that link and cancel this drag. Not for
    // the close button, whose press stays an ordinary one.
    onMouseDown(e: MouseEvent<HTMLDivElement>) {
      if (e.button === 0 && !(e.target as Element).closest("[data-toast-close]")) e.preventDefault();
    },
    onPointerUp: (e: PointerEvent<HTMLDivElement>) => end(e, true),
    onPointerCancel: (e: PointerEvent<HTMLDivElement>) => end(e, false),
    // The click that ends a drag is not a tap on the toast's link.
    onClickCapture(e: React.MouseEvent) {
      if (!afterDrag.current) return;
      afterDrag.current = false;
      e.preventDefault();
      e.stopPropagation();
    },
  };
}

export function ToastItem({ item }: { item: Toast }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const box = useRef<HTMLDivElement>(null);
  const countdown = useRef<Countdown | null>(null);
  const hold = (reason: HoldReason) => countdown.current?.hold(reason);
  const release = (reason: HoldReason) => countdown.current?.release(reason);
  const close = () => dismissToast(item.id);

  useEffect(() => {
    if (item.type === "loading") return; // stays until its work replaces it
    const timer = createCountdown(item.duration, () => dismissToast(item.id));
    countdown.current = timer;
    if (!document.hasFocus()) timer.hold("window");
    const onBlur = () => timer.hold("window");
    const onFocus = () => timer.release("window");
    window.addEventListener("blur", onBlur);
    window.addEventListener("focus", onFocus);
    return () => {
      timer.stop();
      countdown.current = null;
      window.removeEventListener("blur", onBlur);
      window.removeEventListener("focus", onFocus);
    };
  }, [item]);

  const drag = useDragAway(box, close, hold, release);
  const body = (
    <>
      <span className="block font-bold">{item.message}</span>
      {item.detail && <span className="block text-sm underline underline-offset-2">{item.detail}</span>}
    </>
  );
  return (
    <div
      ref={box}
      role={item.type === "error" ? "alert" : "status"}
      data-testid={`toast-${item.type}`}
      {...drag}
      onPointerEnter={(e) => e.pointerType === "mouse" && hold("hover")}
      onPointerLeave={(e) => e.pointerType === "mouse" && release("hover")}
      // Keyboard focus holds it (time to read and reach the close button); a mouse press does not.
      onFocus={(e) => e.target.matches(":focus-visible") && hold("focus")}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && release("focus")}
      onKeyDown={(e) => e.key === "Escape" && close()}
      // Vertical moves still scroll the page; horizontal ones are the drag.
      style={{ touchAction: "pan-y" }}
      className={`pointer-events-auto flex w-full items-start gap-1 rounded-2xl py-3 ps-4 pe-1.5 shadow-lg select-none ${COLOURS[item.type]}`}
    >
      <div className="min-w-0 flex-1">
        {item.href ? (
          <button
            type="button"
            className="w-full text-start"
            onClick={() => {
              close();
              void navigate(item.href!);
            }}
          >
            {body}
          </button>
        ) : (
          body
        )}
      </div>
      <button
        type="button"
        data-toast-close=""
        data-testid="toast-close"
        aria-label={t("extras.dismissToast")}
        onClick={close}
        className="-my-1.5 inline-flex size-9 shrink-0 items-center justify-center rounded-full hover:bg-black/15 focus-visible:outline-2 focus-visible:outline-current"
      >
        <svg
          viewBox="0 0 24 24"
          width="18"
          height="18"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
    </div>
  );
}
