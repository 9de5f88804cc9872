// The browser tests' hours near now at every hour of a Dubai day, 22:00–01:00 minute by minute (docs/decisions/0034;
// at 22:00 opening-hours' old "two hours from now" wrapped into today's already-past 00:00, and at 00:xx
// first-restaurant's "an hour ago" became tonight's 23:00): the closed range is closed now and opens one to two
// hours later, with the diner's notice (rendered on a clock set to that moment) as expected; the open one is open.
import { act, cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OrderingNotice, OrderingStateProvider } from "../../app/lib/ordering-state";
import { peopleLocale } from "../../worker/rules/date-locale";
import { I18nProvider } from "../../app/lib/i18n";
import dictionaries from "../../app/locales";
import { openingState, openStretches } from "../../worker/rules/opening-hours";
import { closedRangeAhead, openRangeAround } from "../e2e/hours-near-now";

const ZONE = "Asia/Dubai"; // branch 2's, where the browser test sets the range
// A UAE restaurant's locales, as the branch loader chooses them (worker/rules/date-locale.ts).
const LOCALES = { en: peopleLocale("en", "AE"), ar: peopleLocale("ar", "AE") };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY_START = Date.UTC(2026, 10, 24, 20); // Wednesday 25 November 2026, 00:00 in Dubai (UTC+4)
const everyFiveMinutes = Array.from({ length: 24 * 12 }, (_, i) => DAY_START + i * 5 * MINUTE);
const lateEveryMinute = Array.from({ length: 180 }, (_, i) => DAY_START + 22 * HOUR + i * MINUTE); // to 01:00
const dubai = (at: number) => new Date(at + 4 * HOUR).toISOString().slice(5, 16).replace("T", " ");
const weekly = (range: { weekday: number; opens: string; closes: string }) => ({
  weekly: [{ day: range.weekday as 0, opens: range.opens, closes: range.closes }],
  exceptions: [],
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function noticeAt(now: number, range: ReturnType<typeof closedRangeAhead>) {
  vi.useFakeTimers({ now });
  const hours = weekly(range);
  const { container } = render(
    <I18nProvider lang="en" strings={dictionaries.en}>
      <OrderingStateProvider pausedUntil={null} openStretches={openStretches(hours, ZONE, now)} timeZone={ZONE} locales={LOCALES} renderedAt={now}>
        <OrderingNotice />
      </OrderingStateProvider>
    </I18nProvider>,
  );
  act(() => {
    vi.advanceTimersByTime(0);
  });
  const title = container.querySelector("[data-testid=ordering-closed] p")?.textContent ?? null;
  cleanup();
  vi.useRealTimers();
  return { hours, title };
}

const everyMoment = [...everyFiveMinutes, ...lateEveryMinute].map((now) => [dubai(now), now] as const);

describe("opening-hours.test.ts's closed range", () => {
  it.each(everyMoment)("at %s in Dubai: closed, opens in 1–2 h, the notice as expected", (_, now) => {
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
    expect(closedRangeAhead(DAY_START + 21 * HOUR + 59 * MINUTE, ZONE)).toEqual({
      weekday: 3,
      opens: "23:00",
      closes: "00:00",
      notice: "Closed now, opens at 23:00",
    });
    expect(closedRangeAhead(DAY_START + 22 * HOUR, ZONE)).toEqual({
      weekday: 4,
      opens: "00:00",
      closes: "01:00",
      notice: "Closed now, opens Thursday at 0:00",
    });
    expect(closedRangeAhead(DAY_START + 23 * HOUR + 59 * MINUTE, ZONE)).toEqual({
      weekday: 4,
      opens: "01:00",
      closes: "02:00",
      notice: "Closed now, opens Thursday at 1:00",
    });
    expect(closedRangeAhead(DAY_START + 5 * HOUR, ZONE)).toEqual({ weekday: 3, opens: "07:00", closes: "08:00", notice: "Closed now, opens at 7:00" });
  });
});

describe("first-restaurant.test.ts's open range", () => {
  it.each(everyMoment)("at %s in Dubai: open now and for two hours more", (_, now) => {
    const state = openingState(weekly(openRangeAround(now, ZONE)), ZONE, now);
    expect(state.open).toBe(true);
    expect((state.open ? state.closesAt! : 0) - now).toBeGreaterThan(2 * HOUR);
  });

  it("starts on yesterday's weekday just after midnight", () => {
    expect(openRangeAround(DAY_START + 30 * MINUTE, ZONE)).toEqual({ weekday: 2, opens: "23:00", closes: "03:00" });
    expect(openRangeAround(DAY_START + 14 * HOUR, ZONE)).toEqual({ weekday: 3, opens: "13:00", closes: "17:00" });
  });
});
