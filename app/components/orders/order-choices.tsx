// A dish's choices on the diner's order: each group named once ("Extras: Feta +3.00 AED, Avocado"), one
// line a group, a choice's extra beside it (none for a free one). The grouping is worker/rules/option-lines.ts.
import { Fragment } from "react";
import { localized } from "~/lib/localized";
import { formatExtra } from "~/lib/money";
import type { Language } from "~/locales";
import { groupChoices, listSeparator } from "../../../worker/rules/option-lines";

interface Choice {
  name_en: string;
  name_ar: string;
  sub_option: { name_en: string; name_ar: string; price: number } | null;
}

export function OrderChoices({ options, lang, currency, step }: { options: readonly Choice[]; lang: Language; currency: string; step: number }) {
  const chosen = options.flatMap((o) => (o.sub_option ? [{ group: o, sub: o.sub_option }] : []));
  return groupChoices(chosen, (c) => localized(c.group, "name", lang)).map(({ group, choices }) => (
    <p key={group} data-testid="order-choices" className="text-on-surface/75">
      {group && `${group}: `}
      {choices.map(({ sub }, i) => {
        const extra = formatExtra(sub.price, lang, currency, step);
        return (
          <Fragment key={i}>
            {i > 0 && listSeparator(lang)}
            {localized(sub, "name", lang)}
            {extra && (
              <>
                {" "}
                <span dir="ltr">{extra}</span>
              </>
            )}
          </Fragment>
        );
      })}
    </p>
  ));
}
