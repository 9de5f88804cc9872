import { useTranslation } from "~/lib/i18n";
import { Link } from "react-router";
import { localized, useLanguage } from "~/lib/localized";
import type { Dialable } from "../../../worker/rules/e164";
import type { BranchListData } from "~/routes/tenant/branches.server";
import { ChevronEndIcon, MapPinIcon, MobileIcon, PhoneIcon } from "../icons";

type Branch = BranchListData["branches"][number];

/** One branch; the whole card opens it (stretched link), while phone numbers stay tappable on their own. */
export function BranchCard({ branch }: { branch: Branch }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const name = localized(branch, "name", lang);
  const description = localized(branch, "description", lang);
  const address = localized(branch, "address", lang);
  return (
    <li className="relative rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 transition-[box-shadow,scale] duration-100 hover:shadow-md has-[a:active]:scale-[0.98] has-[a:active]:bg-stone-50 dark:bg-stone-900 dark:ring-white/10 dark:has-[a:active]:bg-stone-800">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h3 className="text-lg leading-snug font-bold">
            <Link
              to={branch.href}
              prefetch="intent"
              aria-label={t("branches.open", { name })}
              className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-primary"
            >
              {name}
            </Link>
          </h3>
          <p className="mt-1 inline-block rounded-full bg-primary/10 px-2.5 py-0.5 text-xs font-bold text-primary dark:bg-white/10 dark:text-on-surface">
            {branch.takesOrders ? t("branches.ordersOn") : t("branches.menuOnly")}
          </p>
        </div>
        <ChevronEndIcon className="mt-1 shrink-0 text-on-surface/40" />
      </div>
      {description && <p className="pre-line mt-2 text-sm leading-relaxed text-on-surface/75">{description}</p>}
      <dl className="mt-3 space-y-1.5 text-sm">
        {address && (
          <Detail icon={<MapPinIcon />} label={t("branches.address")}>
            {address}
          </Detail>
        )}
        {branch.phone && (
          <Detail icon={<PhoneIcon />} label={t("branches.phone")}>
            <PhoneLink number={branch.phone} />
          </Detail>
        )}
        {branch.mobile && (
          <Detail icon={<MobileIcon />} label={t("branches.mobile")}>
            <PhoneLink number={branch.mobile} />
          </Detail>
        )}
      </dl>
    </li>
  );
}

function Detail({ icon, label, children }: { icon: React.ReactNode; label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-start gap-2">
      <dt className="mt-0.5 shrink-0 text-primary dark:text-on-surface/70">
        {icon}
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0 break-words text-on-surface/85">{children}</dd>
    </div>
  );
}

/** Numbers read left-to-right in Arabic too; the link (E.164, from the server) sits above the card's stretched link. */
function PhoneLink({ number }: { number: Dialable }) {
  if (!number.href) return <bdi dir="ltr">{number.text}</bdi>;
  return (
    <a href={number.href} dir="ltr" className="relative z-10 underline-offset-4 hover:underline">
      {number.text}
    </a>
  );
}
