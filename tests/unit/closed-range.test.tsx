// The opening-hours browser test's range at every hour of a Dubai day, 22:00–24:00 minute by minute (issue 23
// point 12: at 22:00 its old "two hours from now" wrapped into today's already-past 00:00): always closed now,
// opening one to two hours later, and the diner's notice (rendered on a clock set to that moment) reads as expected.
import { act, cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OrderingNotice, OrderingStateProvider } from "../../app/lib/ordering-state";
import { I18nProvider } from "../../app/lib/i18n";
import { openingState } from "../../worker/api/ordering/opening-hours";
import { closedRangeAhead } from "../e2e/closed-range";

const ZONE = "Asia/Dubai"; // branch 2's, where the browser test sets the range
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY_START = Date.UTC(2026, 10, 24, 20); // Wednesday 25 November 2026, 00:00 in Dubai (UTC+4)
const everyFiveMinutes = Array.from({ length: 24 * 12 }, (_, i) => DAY_START + i * 5 * MINUTE);
const lateEveryMinute = Array.from({ length: 120 }, (_, i) => DAY_START + 22 * HOUR + i * MINUTE);
const dubai = (at: number) => new Date(at + 4 * HOUR).toISOString().slice(11, 16);

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function noticeAt(now: number, range: ReturnType<typeof closedRangeAhead>) {
  vi.useFakeTimers({ now });
  const hours = { weekly: [{ day: range.weekday as 0, opens: range.opens, closes: range.closes }], exceptions: [] };
  const { container } = render(
    <I18nProvider lang="en">
      <OrderingStateProvider pausedUntil={null} hours={hours} timeZone={ZONE} renderedAt={now}>
        <OrderingNotice />
      </OrderingStateProvider>
    </I18nProvider>,
  );
  act(() => vi.advanceTimersByTime(0));
  const title = container.querySelector("[data-testid=ordering-closed] p")?.textContent ?? null;
  cleanup();
  vi.useRealTimers();
  return { hours, title };
}

describe("the opening-hours browser test's range", () => {
  it.each([...everyFiveMinutes, ...lateEveryMinute].map((now) => [dubai(now), now]))("at %s in Dubai: closed, opens in 1–2 h, the notice as expected", (_, now) => {
    const range = closedRangeAhead(now, ZONE);
    const { hours, title } = noticeAt(now, range);
    const state = openingState(hours, ZONE, now);
    expect(state.open).toBe(false);
    const opensAt = state.open ? 0 : state.opensAt!;
    expect(opensAt - now).toBeGreaterThan(HOUR);
    expect(opensAt - now).toBeLessThanOrEqual(2 * HOUR);
    expect(title).toBe(range.notice);
  });

  it("names tomorrow's weekday from 22:00 and today's hour before", () => {
    expect(closedRangeAhead(DAY_START + 21 * HOUR + 59 * MINUTE, ZONE)).toEqual({ weekday: 3, opens: "23:00", closes: "00:00", notice: "Closed now, opens at 23:00" });
    expect(closedRangeAhead(DAY_START + 22 * HOUR, ZONE)).toEqual({ weekday: 4, opens: "00:00", closes: "01:00", notice: "Closed now, opens Thursday at 0:00" });
    expect(closedRangeAhead(DAY_START + 23 * HOUR + 59 * MINUTE, ZONE)).toEqual({ weekday: 4, opens: "01:00", closes: "02:00", notice: "Closed now, opens Thursday at 1:00" });
    expect(closedRangeAhead(DAY_START + 5 * HOUR, ZONE)).toEqual({ weekday: 3, opens: "07:00", closes: "08:00", notice: "Closed now, opens at 7:00" });
  });
});
