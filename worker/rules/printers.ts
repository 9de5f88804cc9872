// Kitchen printers' shared rules (docs/decisions/0057): when a printer counts as offline, what a MAC address looks
// like, how long a printer's name may be. No imports: the board's bundle takes it as it is.

/** A paired printer that has not polled for this long is offline (it polls every 5 s, as the console's steps say). */
export const PRINTER_OFFLINE_MS = 2 * 60_000;
/**
 * A poll that changes nothing is written at most this often (docs/decisions/0087): the stored time is then at
 * most this plus one poll interval old, well inside PRINTER_OFFLINE_MS, and a printer costs 1,440 rows a day.
 */
export const PRINTER_POLL_WRITE_MS = 60_000;
/** A printer's name ("Hot line"), as the owner types it. */
export const PRINTER_NAME_MAX = 40;

/** Offline at `now`: it has not polled for PRINTER_OFFLINE_MS (never polled: offline). */
export const isOffline = (lastPollAt: number | null, now: number) => lastPollAt === null || now - lastPollAt > PRINTER_OFFLINE_MS;

const MAC = /^[0-9a-f]{2}([:-]?)[0-9a-f]{2}(?:\1[0-9a-f]{2}){4}$/i;

/** A MAC address as stored and shown ("00:11:62:AA:BB:CC"), or null when it is not one. */
export function normalMac(text: string): string | null {
  if (!MAC.test(text)) return null;
  const hex = text.replace(/[:-]/g, "").toUpperCase();
  return hex.match(/../g)!.join(":");
}
