// A branch's details (name, address, phones, this week's hours, social links): the Info sheet's content
// (a chunk of its own, fetched at idle) and the Info page that browsers without JavaScript open.
import { useTranslation } from "~/lib/i18n";
import { localized, useLanguage } from "~/lib/localized";
import type { Dialable } from "../../../worker/rules/e164";
import type { SocialType } from "~/lib/social";
import { MapPinIcon, MobileIcon, PhoneIcon } from "../icons";
import { SocialIcon } from "./social-icon";
import { WeekHoursList } from "./week-hours-list";
import type { OpeningHours } from "../../../worker/rules/opening-hours";

export interface BranchInfoProps {
  branch: {
    name_en: string;
    name_ar: string;
    address_en: string | null;
    address_ar: string | null;
    /** Written for people, with a tel: link in E.164 (the loader reads them in the restaurant's country). */
    phone: Dialable | null;
    mobile: Dialable | null;
    openingHours: OpeningHours | null;
    timeZone: string | null;
    /** The restaurant's country: days and dates in its Arabic (worker/rules/date-locale.ts). */
    country: string | null;
  };
  social: { type: SocialType; href: string; name: string | null }[];
  /** The clock the hours are told at. */
  now: number;
}

export function BranchInfo({ branch, social, now }: BranchInfoProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const address = localized(branch, "address", lang);
  return (
    <>
      <p className="text-xl font-bold">{localized(branch, "name", lang)}</p>
      <ul className="mt-3 space-y-2 text-on-surface/85">
        {address && (
          <li className="flex gap-2">
            <MapPinIcon className="shrink-0 text-primary dark:text-on-surface/70" />
            {address}
          </li>
        )}
        {branch.phone && (
          <li className="flex gap-2">
            <PhoneIcon className="shrink-0 text-primary dark:text-on-surface/70" />
            <PhoneLink number={branch.phone} />
          </li>
        )}
        {branch.mobile && (
          <li className="flex gap-2">
            <MobileIcon className="shrink-0 text-primary dark:text-on-surface/70" />
            <PhoneLink number={branch.mobile} />
          </li>
        )}
      </ul>
      <WeekHoursList hours={branch.openingHours} timeZone={branch.timeZone} country={branch.country} now={now} />
      {social.length > 0 && (
        <>
          <h3 className="mt-5 mb-2 text-sm font-bold tracking-widest text-on-surface/70 uppercase">{t("branch.connectWithUs")}</h3>
          <ul className="flex flex-wrap gap-2 pb-2">
            {social.map((s) => (
              <li key={`${s.type}-${s.href}`}>
                <a
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t(`social.${s.type}`)}
                  className="inline-flex size-12 items-center justify-center rounded-full bg-primary text-on-primary hover:opacity-90"
                >
                  <SocialIcon type={s.type} />
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/** A number left to right in Arabic too, dialled in E.164; text no number was read from is only shown. */
function PhoneLink({ number }: { number: Dialable }) {
  return number.href ? (
    <a dir="ltr" href={number.href}>
      {number.text}
    </a>
  ) : (
    <bdi dir="ltr">{number.text}</bdi>
  );
}
