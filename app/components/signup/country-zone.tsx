// Sign-up's country and, in a country with several time zones (the US), which one the first branch
// keeps (worker/rules/zones.ts); a country with one zone asks nothing. The server checks the pair again.
import { useState, type ReactNode } from "react";
import { useConsoleTranslation } from "~/locales/console";
import { asksZone, zonesOfCountry } from "../../../worker/rules/zones";

/** A zone as people know it ("Central Time — Chicago"), in the page's language. */
function zoneName(zone: string, lang: string): string {
  const city = zone.split("/").pop()!.replace(/_/g, " ");
  try {
    const part = new Intl.DateTimeFormat(lang, { timeZone: zone, timeZoneName: "longGeneric" }).formatToParts(0).find((p) => p.type === "timeZoneName");
    return part ? `${part.value} — ${city}` : city;
  } catch {
    return city;
  }
}

export function CountryZone({
  countries,
  lang,
  className,
  labelClass,
  error,
}: {
  countries: readonly string[];
  lang: string;
  className: string;
  labelClass: string;
  /** The field's refusal, as the page shows it (null: none). */
  error: ReactNode;
}) {
  const { t } = useConsoleTranslation();
  const [country, setCountry] = useState(countries[0]!);
  const zones = zonesOfCountry(country);
  const regions = new Intl.DisplayNames([lang], { type: "region" });
  return (
    <>
      <div>
        <label htmlFor="country" className={labelClass}>
          {t("console.signup.country")}
        </label>
        <select id="country" name="country" value={country} onChange={(e) => setCountry(e.target.value)} className={className}>
          {countries.map((c) => (
            <option key={c} value={c}>
              {regions.of(c) ?? c}
            </option>
          ))}
        </select>
      </div>
      {asksZone(country) && (
        <div>
          <label htmlFor="time_zone" className={labelClass}>
            {t("console.signup.zone")}
          </label>
          <select
            id="time_zone"
            name="time_zone"
            required
            defaultValue=""
            className={className}
            aria-describedby="time_zone-hint"
            {...(error ? { "aria-invalid": true } : {})}
          >
            <option value="" disabled>
              {t("console.signup.zone")}
            </option>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zoneName(zone, lang)}
              </option>
            ))}
          </select>
          <p id="time_zone-hint" className="mt-1 text-sm text-on-surface/70">
            {t("console.signup.zoneHint")}
          </p>
          {error}
        </div>
      )}
    </>
  );
}
