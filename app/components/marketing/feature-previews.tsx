// Small live previews of each feature, drawn with the product's own UI pieces (no screenshots). Their
// example prices are in the visitor's currency (`currency`: the landing's guide, else AED).
import type { JSX } from "react";
import { useLanguage } from "~/lib/localized";
import { amountField, formatMoney } from "~/lib/money";
import { examplePrice } from "../../../worker/rules/plan-guide";
import { SocialIcon } from "../chrome/social-icon";
import type { MarketingStrings } from "~/locales/marketing/en";

type Preview = (props: { m: MarketingStrings; currency: string }) => JSX.Element;
const card = "rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10";

const Languages: Preview = ({ m, currency }) => (
  <div className={`${card} space-y-2`}>
    <p className="flex justify-between font-bold" dir="ltr" lang="en">
      <span>{m.preview.latte}</span>
      <span>{formatMoney(examplePrice(26, currency), "en", currency)}</span>
    </p>
    <p className="flex justify-between font-bold" dir="rtl" lang="ar">
      <span>{m.preview.latteAr}</span>
      <span>{formatMoney(examplePrice(26, currency), "ar", currency)}</span>
    </p>
  </div>
);

const Branches: Preview = ({ m }) => (
  <ul className="space-y-2">
    {[m.preview.marina, m.preview.corniche].map((name) => (
      <li key={name} className={`${card} flex items-center justify-between py-3 font-bold`}>
        {name}
        <span aria-hidden="true" className="rtl:-scale-x-100">
          ›
        </span>
      </li>
    ))}
  </ul>
);

const Design: Preview = () => (
  <div className={`${card} flex gap-2`}>
    {["#b45309", "#b91c1c", "#047857", "#1d4ed8", "#7e22ce"].map((c) => (
      <span key={c} className="size-10 rounded-full ring-2 ring-white shadow" style={{ background: c }} />
    ))}
  </div>
);

const Update: Preview = ({ m, currency }) => (
  <div className={`${card} flex items-center justify-between`}>
    <span>{m.preview.price}</span>
    <span className="flex items-center gap-2" dir="ltr">
      <del className="text-on-surface/70">{amountField(examplePrice(24, currency), currency)}</del>
      <strong>{amountField(examplePrice(26, currency), currency)}</strong>
    </span>
    <span className="rounded-full bg-emerald-700 px-2 py-0.5 text-xs font-bold text-white">{m.preview.saved}</span>
  </div>
);

// Prices in the page's language, as a diner would see them (formatMoney: "AED" or "د.إ").
const Offers: Preview = ({ m, currency }) => {
  const lang = useLanguage();
  return (
    <div className={`${card} space-y-2`} data-testid="demo-offer">
      <div className="flex gap-1">
        <span className="rounded-full bg-emerald-700 px-2 py-0.5 text-xs font-bold text-white">{m.preview.new}</span>
        <span className="rounded-full bg-amber-700 px-2 py-0.5 text-xs font-bold text-white">{m.preview.popular}</span>
      </div>
      <p className="flex gap-2">
        <del className="text-on-surface/70">{formatMoney(examplePrice(24, currency), lang, currency)}</del>
        <strong className="text-amber-800 dark:text-amber-300">{formatMoney(examplePrice(20, currency), lang, currency)}</strong>
      </p>
    </div>
  );
};

const Options: Preview = ({ m, currency }) => (
  <fieldset className={`${card} space-y-1`}>
    <legend className="sr-only">{m.preview.size}</legend>
    {[
      [m.preview.small, ""],
      [m.preview.medium, `+${amountField(examplePrice(3, currency), currency)}`],
      [m.preview.large, `+${amountField(examplePrice(5, currency), currency)}`],
    ].map(([label, price], i) => (
      <p key={label} className="flex items-center gap-2">
        <span aria-hidden="true" className={`size-4 rounded-full border-2 border-amber-700 ${i === 1 ? "bg-amber-700" : ""}`} />
        <span className="flex-1">{label}</span>
        <span dir="ltr" className="text-sm text-on-surface/75">
          {price}
        </span>
      </p>
    ))}
  </fieldset>
);

const Sorting: Preview = ({ m }) => (
  <ol className="space-y-2">
    {m.preview.order.map((name, i) => (
      <li key={name} className={`${card} flex items-center gap-3 py-2.5`}>
        <span className="flex size-7 items-center justify-center rounded-full bg-amber-700 text-sm font-bold text-white">{i + 1}</span>
        {name}
        <span aria-hidden="true" className="ms-auto text-on-surface/50">
          ⋮⋮
        </span>
      </li>
    ))}
  </ol>
);

const Social: Preview = () => (
  <div className={`${card} flex flex-wrap gap-2`}>
    {(["instagram", "whatsapp", "facebook", "snapchat", "twitter", "location"] as const).map((type) => (
      <span key={type} className="inline-flex size-10 items-center justify-center rounded-full bg-amber-700 text-white">
        <SocialIcon type={type} />
      </span>
    ))}
  </div>
);

const Support: Preview = ({ m }) => (
  <div className={`${card} space-y-2 text-sm`}>
    <p className="max-w-[85%] rounded-2xl rounded-es-sm bg-on-surface/5 px-3 py-2">{m.preview.supportMsg}</p>
    <p className="ms-auto max-w-[85%] rounded-2xl rounded-ee-sm bg-emerald-700 px-3 py-2 text-white">{m.preview.supportReply}</p>
  </div>
);

export const FEATURE_PREVIEWS = {
  languages: Languages,
  branches: Branches,
  design: Design,
  update: Update,
  offers: Offers,
  options: Options,
  sorting: Sorting,
  social: Social,
  support: Support,
} satisfies Record<keyof MarketingStrings["features"], Preview>;
