// An instant as the branch's wall clock with its UTC offset, ISO 8601 (2026-11-28T20:17:00+03:00): what
// the accountant's CSV prints (docs/decisions/0060), read back by any spreadsheet or program without
// guessing the zone. Pure, Intl only.

const formats = new Map<string, Intl.DateTimeFormat>();

/** `ms` in `timeZone` as "YYYY-MM-DDTHH:MM:SS±HH:MM" (daylight saving included where the zone has it). */
export function isoWithOffset(ms: number, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
      timeZoneName: "longOffset",
    });
    formats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(ms).map((p) => [p.type, p.value]));
  // "GMT+03:00", "GMT+05:30", or "GMT" for UTC itself.
  const offset = (part.timeZoneName ?? "GMT").replace("GMT", "") || "+00:00";
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}${offset}`;
}
