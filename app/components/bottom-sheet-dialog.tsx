// The one bottom sheet (mounted through ./bottom-sheet.tsx, which loads this chunk). A native modal <dialog>: the page behind is inert and focus stays inside
// (the browser does the trapping), Escape closes it, focus returns to the opener. Dragging the
// handle down more than a third of the sheet's height closes it too. At most 60% of the viewport.
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslation } from "~/lib/i18n";
import { sheetClosed, sheetOpened, useOpenSheet } from "~/lib/open-sheet";
import { Toaster } from "./toaster";

export interface BottomSheetProps {
  open: boolean;
  onClose(): void;
  title: string;
  children: ReactNode;
  /** Visually hide the title (it still names the dialog). */
  hideTitle?: boolean;
  /** The content's scroll position, for content that reacts to it (the product image). */
  onScroll?(top: number): void;
}

export function BottomSheet({ open, onClose, title, children, hideTitle, onScroll }: BottomSheetProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const drag = useRef<{ startY: number; dy: number } | null>(null);
  const topmost = useOpenSheet() === ref.current;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
    if (!open) return;
    sheetOpened(dialog);
    return () => sheetClosed(dialog);
  }, [open]);

  const onPointerDown = (e: React.PointerEvent) => {
    drag.current = { startY: e.clientY, dy: 0 };
    (e.target as Element).setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: React.PointerEvent) => {
    if (!drag.current || !ref.current) return;
    drag.current.dy = Math.max(0, e.clientY - drag.current.startY);
    ref.current.style.transform = `translateY(${drag.current.dy}px)`;
  };
  const onPointerUp = () => {
    const dialog = ref.current;
    if (!drag.current || !dialog) return;
    const closeIt = drag.current.dy > dialog.offsetHeight / 3;
    drag.current = null;
    dialog.style.transform = "";
    if (closeIt) onClose();
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault(); // the parent owns `open`
        onClose();
      }}
      onClick={(e) => e.target === e.currentTarget && onClose()} // a tap on the backdrop
      className="sheet fixed inset-x-0 top-auto bottom-0 m-0 mx-auto max-h-[60dvh] w-full max-w-xl overflow-hidden rounded-t-3xl bg-surface p-0 text-on-surface shadow-2xl backdrop:bg-black/50"
    >
      <div className="flex max-h-[60dvh] flex-col">
        <div
          className="flex shrink-0 cursor-grab touch-none justify-center pt-3 pb-2"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          aria-hidden="true"
        >
          <span className="h-1.5 w-12 rounded-full bg-on-surface/25" />
        </div>
        <div className="flex shrink-0 items-center justify-between gap-3 px-5 pb-2">
          <h2 id={titleId} className={hideTitle ? "sr-only" : "text-lg font-bold"}>
            {title}
          </h2>
          <button type="button" onClick={onClose} className="ms-auto rounded-full px-3 py-1 text-sm font-bold text-on-surface/70 hover:bg-on-surface/10">
            {t("common.close")}
          </button>
        </div>
        <div
          className="overflow-y-auto overscroll-contain px-5 pb-[max(1.25rem,env(safe-area-inset-bottom))]"
          onScroll={onScroll && ((e) => onScroll(e.currentTarget.scrollTop))}
        >
          {children}
        </div>
      </div>
      {/* Toasts shown while the sheet is open: outside it they would be inert, under its backdrop. */}
      {topmost && <Toaster inSheet />}
    </dialog>
  );
}
