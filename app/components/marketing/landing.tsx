// The marketing landing: offer banner, hero, the nine features with live previews, plans and a
// call to action. Its audience is restaurant owners deciding whether to pay for the service.
import { Link } from "react-router";
import { formatMoney } from "~/lib/money";
import { useLanguage } from "~/lib/localized";
import type { PlanGuide } from "../../../worker/rules/plan-guide";
import { FEATURE_PREVIEWS } from "./feature-previews";
import { PhoneMockup } from "./phone-mockup";
import { MarketingShell } from "./site-footer";
import { useMarketing, useTrialText } from "./use-marketing";

export function Landing({ trialDays, guide }: { trialDays: number; guide: PlanGuide | null }) {
  const m = useMarketing();
  const lang = useLanguage();
  const trial = useTrialText(trialDays);
  // The example dishes' currency: a Gulf visitor's own (the guide's, in the page cache's key), else AED.
  const currency = guide?.currency ?? "AED";
  return (
    <MarketingShell>
      <p data-testid="offer-banner" className="bg-amber-800 px-4 py-2.5 text-center text-sm font-bold text-white">
        {m.offer.label}: <del className="opacity-80">{m.offer.was}</del> <span className="text-base">{m.offer.now}</span> {m.offer.per} · {m.offer.save}
      </p>
      <section className="mx-auto grid max-w-6xl items-center gap-10 px-4 pt-12 pb-8 md:grid-cols-2">
        <div>
          <h1 className="text-4xl leading-tight font-bold md:text-5xl">{m.hero.title}</h1>
          <p className="mt-4 text-lg leading-relaxed text-on-surface/80">{m.hero.text}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/signup" data-testid="hero-start" className="rounded-full bg-amber-800 px-6 py-3 font-bold text-white shadow-sm hover:bg-amber-900">
              {m.hero.start}
            </Link>
            <Link to="/saffron" className="rounded-full px-6 py-3 font-bold ring-2 ring-amber-800 hover:bg-amber-800/5 dark:ring-amber-300">
              {m.hero.secondary}
            </Link>
          </div>
          {trial("hero.trial") && (
            <p data-testid="hero-trial" className="mt-4 text-sm font-bold text-on-surface/80">
              {trial("hero.trial")}
            </p>
          )}
        </div>
        <PhoneMockup currency={currency} />
      </section>

      <section aria-labelledby="features" className="mx-auto max-w-6xl px-4 pt-12">
        <h2 id="features" className="text-center text-3xl font-bold">
          {m.featuresTitle}
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {(Object.keys(FEATURE_PREVIEWS) as (keyof typeof FEATURE_PREVIEWS)[]).map((key) => {
            const Preview = FEATURE_PREVIEWS[key];
            return (
              <li key={key} data-testid="feature" className="flex flex-col gap-4 rounded-3xl bg-amber-50 p-6 dark:bg-stone-900/60">
                <div className="min-h-32">
                  <Preview m={m} currency={currency} />
                </div>
                <h3 className="text-xl font-bold">{m.features[key].title}</h3>
                <p className="leading-relaxed text-on-surface/80">{m.features[key].text}</p>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="plans" className="mx-auto max-w-4xl px-4 pt-20 text-center">
        <h2 id="plans" className="text-3xl font-bold">
          {m.plans.title}
        </h2>
        <p className="mt-3 text-lg text-on-surface/80">{m.plans.text}</p>
        <div className="mt-8 grid gap-6 sm:grid-cols-2">
          {(
            [
              ["monthly", m.plans.monthly],
              ["annual", m.plans.annual],
            ] as const
          ).map(([id, plan]) => (
            <div key={plan.name} className="rounded-3xl bg-white p-6 text-start shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10">
              <h3 className="text-lg font-bold">{plan.name}</h3>
              <p className="mt-2 flex items-baseline gap-2">
                <del className="text-on-surface/70">{plan.was}</del>
                <span className="text-3xl font-bold">{plan.price}</span>
                <span className="text-on-surface/75">{plan.per}</span>
              </p>
              {guide && (
                <p data-testid="plan-guide" className="text-sm text-on-surface/75">
                  {m.plans.about.replace("{{amount}}", formatMoney(guide[id], lang, guide.currency))}
                </p>
              )}
              <p className="mt-1 text-sm text-on-surface/75">{plan.note}</p>
              <ul className="mt-4 space-y-1.5 text-sm">
                {m.plans.includes.map((item) => (
                  <li key={item} className="flex gap-2">
                    <span aria-hidden="true" className="text-emerald-700 dark:text-emerald-400">
                      ✓
                    </span>
                    {item}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <p className="mt-6 font-bold" data-testid="billed-in">
          {m.plans.billedIn}
        </p>
        {trial("plans.trial") && <p className="mt-3 text-on-surface/80">{trial("plans.trial")}</p>}
        <Link to="/signup" className="mt-6 inline-block rounded-full bg-amber-800 px-6 py-3 font-bold text-white hover:bg-amber-900">
          {m.plans.cta}
        </Link>
      </section>

      <section className="mx-auto mt-20 max-w-4xl rounded-3xl bg-amber-800 px-6 py-12 text-center text-white">
        <h2 className="text-3xl font-bold">{m.cta.title}</h2>
        <p className="mt-3 text-lg">{m.cta.text}</p>
        <Link to="/contact" className="mt-6 inline-block rounded-full bg-white px-6 py-3 font-bold text-amber-900">
          {m.cta.button}
        </Link>
      </section>
    </MarketingShell>
  );
}
