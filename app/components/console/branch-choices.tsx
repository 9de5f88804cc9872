// The branches a staff member works in: one labelled checkbox per branch of the restaurant.
import { localized, useLanguage } from "~/lib/localized";
import { useConsoleTranslation } from "~/locales/console";

interface Props {
  branches: { id: number; name_en: string; name_ar: string }[];
  chosen: number[];
  idPrefix: string;
}

export function BranchChoices({ branches, chosen, idPrefix }: Props) {
  const { t } = useConsoleTranslation();
  const lang = useLanguage();
  return (
    <fieldset className="text-sm">
      <legend className="font-bold">{t("console.screens.staff.branches")}</legend>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {branches.map((b) => (
          <label key={b.id} htmlFor={`${idPrefix}-branch-${b.id}`} className="flex items-center gap-2 py-1">
            <input id={`${idPrefix}-branch-${b.id}`} type="checkbox" name="branch" value={b.id} defaultChecked={chosen.includes(b.id)} className="size-5" />
            {localized(b, "name", lang)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
