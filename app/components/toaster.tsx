// Renders the toasts at the top end of the screen (top-right in English, top-left in Arabic), inside
// the open bottom sheet when there is one.
import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useNavigate } from "react-router";
import { useOpenSheet } from "~/lib/open-sheet";
import { dismissToast, useToasts, type Toast } from "~/lib/toast";

const COLOURS: Record<Toast["type"], string> = {
  success: "bg-emerald-700 text-white",
  error: "bg-red-700 text-white",
  warning: "bg-amber-500 text-black",
  info: "bg-sky-700 text-white",
  loading: "bg-stone-800 text-white",
};

function ToastItem({ item }: { item: Toast }) {
  const navigate = useNavigate();
  const [paused, setPaused] = useState(false);
  const remaining = useRef(item.duration);
  useEffect(() => {
    const onBlur = () => setPaused(true);
    const onFocus = () => setPaused(false);
    window.addEventListener("blur", onBlur);
    window.addEventListener("focus", onFocus);
    return () => {
      window.removeEventListener("blur", onBlur);
      window.removeEventListener("focus", onFocus);
    };
  }, []);
  useEffect(() => {
    if (paused || item.type === "loading") return;
    const started = Date.now();
    const timer = setTimeout(() => dismissToast(item.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused, item]);
  const body = (
    <>
      <span className="block font-bold">{item.message}</span>
      {item.detail && <span className="block text-sm underline underline-offset-2">{item.detail}</span>}
    </>
  );
  return (
    <div role={item.type === "error" ? "alert" : "status"} data-testid={`toast-${item.type}`}
      onMouseEnter={() => setPaused(true)} onMouseLeave={() => setPaused(false)}
      className={`pointer-events-auto w-full rounded-2xl px-4 py-3 shadow-lg ${COLOURS[item.type]}`}>
      {item.href ? (
        <button type="button" className="w-full text-start" onClick={() => {
          dismissToast(item.id);
          void navigate(item.href!);
        }}>{body}</button>
      ) : body}
    </div>
  );
}

export function Toaster() {
  const items = useToasts();
  const sheet = useOpenSheet();
  const list = (
    // Not a list: each toast is a status (or alert) region of its own.
    <div aria-live="polite" className="pointer-events-none fixed end-3 top-3 z-50 flex w-[min(22rem,calc(100vw-1.5rem))] flex-col gap-2">
      {items.map((item) => <ToastItem key={item.id} item={item} />)}
    </div>
  );
  // Inside an open sheet: outside it, toasts would sit under its backdrop and be inert.
  return sheet ? createPortal(list, sheet) : list;
}
