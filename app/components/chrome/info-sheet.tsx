// Branch info (name, address, phone, mobile, this week's hours) and the 'connect with us' social links:
// in a sheet, or (without JavaScript, where a sheet cannot open) as a section at the foot of the page.
import { useState } from "react";
import { useTranslation } from "~/lib/i18n";
import { localized, useLanguage } from "~/lib/localized";
import { telHref } from "~/lib/phone";
import type { SocialType } from "~/lib/social";
import { BottomSheet } from "../bottom-sheet";
import { MapPinIcon, MobileIcon, PhoneIcon } from "../icons";
import { SocialIcon } from "./social-icon";
import { WeekHoursList } from "./week-hours-list";
import type { OpeningHours } from "../../../worker/api/ordering/opening-hours";

export interface InfoSheetProps {
  open: boolean;
  onClose(): void;
  branch: {
    name_en: string; name_ar: string; address_en: string | null; address_ar: string | null; phone: string | null; mobile: string | null;
    openingHours: OpeningHours | null; timeZone: string | null;
  };
  social: { type: SocialType; href: string; name: string | null }[];
  /** The clock the page was rendered with: the section without JavaScript says the hours as of then. */
  renderedAt: number;
}

export function InfoSheet({ open, onClose, renderedAt: _, ...info }: InfoSheetProps) {
  const { t } = useTranslation();
  // Mounted at its first open (after hydration): the browser's clock, read again at each open.
  const [opened, setOpened] = useState<{ open: boolean; at: number }>({ open: false, at: 0 });
  if (open !== opened.open) setOpened({ open, at: open ? Date.now() : opened.at });
  return (
    <BottomSheet open={open} onClose={onClose} title={t("branch.branchInfo")}>
      <BranchInfo {...info} now={opened.at} />
    </BottomSheet>
  );
}

/** The bottom navigation's Info links here; only browsers without JavaScript render it. */
export const BRANCH_INFO_ID = "branch-info";

export function BranchInfoSection({ renderedAt, ...info }: Pick<InfoSheetProps, "branch" | "social" | "renderedAt">) {
  const { t } = useTranslation();
  return (
    <noscript>
      <section id={BRANCH_INFO_ID} aria-labelledby={`${BRANCH_INFO_ID}-title`} className="mx-auto max-w-xl scroll-mt-16 px-5 pb-4">
        <h2 id={`${BRANCH_INFO_ID}-title`} className="mb-2 text-lg font-bold">{t("branch.branchInfo")}</h2>
        <BranchInfo {...info} now={renderedAt} />
      </section>
    </noscript>
  );
}

function BranchInfo({ branch, social, now }: Pick<InfoSheetProps, "branch" | "social"> & { now: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const address = localized(branch, "address", lang);
  return (
    <>
      <p className="text-xl font-bold">{localized(branch, "name", lang)}</p>
      <ul className="mt-3 space-y-2 text-on-surface/85">
        {address && <li className="flex gap-2"><MapPinIcon className="shrink-0 text-primary dark:text-on-surface/70" />{address}</li>}
        {branch.phone && <li className="flex gap-2"><PhoneIcon className="shrink-0 text-primary dark:text-on-surface/70" /><a dir="ltr" href={telHref(branch.phone)}>{branch.phone}</a></li>}
        {branch.mobile && <li className="flex gap-2"><MobileIcon className="shrink-0 text-primary dark:text-on-surface/70" /><a dir="ltr" href={telHref(branch.mobile)}>{branch.mobile}</a></li>}
      </ul>
      <WeekHoursList hours={branch.openingHours} timeZone={branch.timeZone} now={now} />
      {social.length > 0 && (
        <>
          <h3 className="mt-5 mb-2 text-sm font-bold tracking-widest text-on-surface/70 uppercase">{t("branch.connectWithUs")}</h3>
          <ul className="flex flex-wrap gap-2 pb-2">
            {social.map((s) => (
              <li key={`${s.type}-${s.href}`}>
                <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={t(`social.${s.type}`)}
                  className="inline-flex size-12 items-center justify-center rounded-full bg-primary text-on-primary hover:opacity-90">
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
