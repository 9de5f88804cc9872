// Toast timing (app/lib/toast.ts) and the toaster's pauses and close button (app/components/toaster.tsx, toast-item.tsx),
// on fake timers. Dragging needs real layout (widths): tests/e2e/diner-extras.test.ts drags one away.
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { preloadToasts, Toaster } from "../../app/components/toaster";
import { I18nProvider } from "../../app/lib/i18n";
import { createCountdown, DEFAULT_DURATION, isDraggedAway, SHORT_DURATION, toast } from "../../app/lib/toast";
import dictionaries from "../../app/locales";
import ar from "../../app/locales/ar";

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("createCountdown", () => {
  it("ends once, after its time", () => {
    const done = vi.fn();
    createCountdown(2000, done);
    vi.advanceTimersByTime(1999);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    vi.advanceTimersByTime(10_000);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it("stops while held and resumes with the time that was left", () => {
    const done = vi.fn();
    const c = createCountdown(5000, done);
    vi.advanceTimersByTime(3000);
    c.hold("hover");
    vi.advanceTimersByTime(60_000);
    expect(done).not.toHaveBeenCalled();
    expect(c.remaining()).toBe(2000);
    c.release("hover");
    vi.advanceTimersByTime(1999);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it("runs only when every reason to hold is gone", () => {
    const done = vi.fn();
    const c = createCountdown(1000, done);
    c.hold("window");
    c.hold("hover");
    c.hold("hover"); // the same reason twice is one reason
    c.release("window");
    vi.advanceTimersByTime(5000);
    expect(done).not.toHaveBeenCalled();
    c.release("hover");
    vi.advanceTimersByTime(1000);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it("never ends once stopped", () => {
    const done = vi.fn();
    const c = createCountdown(1000, done);
    c.stop();
    c.release("hover");
    vi.advanceTimersByTime(5000);
    expect(done).not.toHaveBeenCalled();
  });
});

describe("isDraggedAway", () => {
  it("takes 80 % of the width, either way (RTL drags the other way)", () => {
    expect(isDraggedAway(279, 350)).toBe(false);
    expect(isDraggedAway(280, 350)).toBe(true);
    expect(isDraggedAway(-280, 350)).toBe(true);
    expect(isDraggedAway(-279, 350)).toBe(false);
    expect(isDraggedAway(0, 0)).toBe(false);
  });
});

describe("Toaster", () => {
  // A page loads the toast component with its first toast; here it is loaded before, so that the
  // fake timers measure the toasts' own time.
  beforeAll(async () => void (await preloadToasts()));
  const show = (lang: "en" | "ar" = "en") => {
    const router = createMemoryRouter([
      {
        path: "/",
        element: (
          <I18nProvider lang={lang} strings={dictionaries[lang]}>
            <Toaster />
          </I18nProvider>
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
  };
  const present = () => screen.queryAllByRole("status").length;
  const add = (duration?: number) => act(() => void toast({ type: "info", message: "Hello", ...(duration ? { duration } : {}) }));
  const wait = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

  it("closes cart and order toasts after 2000 ms, others after 5000 ms", () => {
    show();
    add(SHORT_DURATION);
    add();
    wait(SHORT_DURATION - 1);
    expect(present()).toBe(2);
    wait(1);
    expect(present()).toBe(1);
    wait(DEFAULT_DURATION - SHORT_DURATION - 1);
    expect(present()).toBe(1);
    wait(1);
    expect(present()).toBe(0);
  });

  it("pauses while the window is not focused", () => {
    show();
    add(SHORT_DURATION);
    wait(1000);
    act(() => void window.dispatchEvent(new Event("blur")));
    wait(10_000);
    expect(present()).toBe(1);
    act(() => void window.dispatchEvent(new Event("focus")));
    wait(999);
    expect(present()).toBe(1);
    wait(1);
    expect(present()).toBe(0);
  });

  it("pauses while a mouse is over it, not for a touch", () => {
    show();
    add(SHORT_DURATION);
    const item = screen.getByRole("status");
    fireEvent.pointerEnter(item, { pointerType: "mouse" });
    wait(10_000);
    expect(present()).toBe(1);
    fireEvent.pointerLeave(item, { pointerType: "mouse" });
    wait(SHORT_DURATION);
    expect(present()).toBe(0);

    add(SHORT_DURATION);
    fireEvent.pointerEnter(screen.getByRole("status"), { pointerType: "touch" });
    wait(SHORT_DURATION);
    expect(present()).toBe(0);
  });

  // A mouse press may start the browser's own drag of whatever lies under the pressed point once the
  // toast has moved off it (the header's back link), which cancels the toast's drag: the press is kept
  // from doing that. fireEvent answers false when the event's default was prevented.
  it("keeps a mouse press on it from starting the browser's own drag, not on its close button", () => {
    show("ar");
    add();
    const item = screen.getByRole("status");
    expect(fireEvent.mouseDown(item, { button: 0 })).toBe(false);
    expect(fireEvent.mouseDown(screen.getByText("Hello"), { button: 0 })).toBe(false);
    expect(fireEvent.mouseDown(item, { button: 2 })).toBe(true);
    expect(fireEvent.mouseDown(screen.getByRole("button", { name: ar.extras.dismissToast }), { button: 0 })).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: ar.extras.dismissToast }));
    expect(present()).toBe(0);
  });

  it("has a labelled close button in each language", () => {
    show("ar");
    add();
    const close = screen.getByRole("button", { name: ar.extras.dismissToast });
    fireEvent.click(close);
    expect(present()).toBe(0);
  });
});
