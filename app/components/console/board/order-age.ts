// An order's age on the board ("4 min"), against a clock that ticks: the server's time at load,
// then the device's, moved by the same offset so a tablet with a wrong clock still reads right.
import { useEffect, useState } from "react";
import { storedTime } from "../../../../worker/rules/local-time";

/** Whole minutes since `createdAt` (never negative). */
export const minutesSince = (createdAt: string, now: number) => Math.max(0, Math.floor((now - storedTime(createdAt)) / 60_000));

/** The server's `serverNow`, ticking every 15 seconds once the page runs. */
export function useBoardClock(serverNow: number): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const offset = serverNow - Date.now();
    setNow(serverNow);
    const timer = setInterval(() => setNow(Date.now() + offset), 15_000);
    return () => clearInterval(timer);
  }, [serverNow]);
  return now;
}
