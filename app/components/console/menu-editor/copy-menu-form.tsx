// Copy a whole menu (categories, dishes, options) to another branch of the restaurant.
import { localized, useLanguage } from "~/lib/localized";
import { useConsoleTranslation } from "~/locales/console";
import { useEditorForm } from "./use-editor-form";

export function CopyMenuForm({ menu, branches, current }: { menu: number; branches: { id: number; name_en: string; name_ar: string }[]; current: number }) {
  const { t } = useConsoleTranslation();
  const lang = useLanguage();
  const { fetcher, outcome, busy } = useEditorForm(`copy-${menu}`);
  const others = branches.filter((b) => b.id !== current);
  if (others.length === 0) return null;
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-end gap-2 text-sm">
      <input type="hidden" name="intent" value="menu-copy" />
      <input type="hidden" name="id" value={menu} />
      <label className="grid gap-1 font-bold">
        {t("console.menuEditor.copyTo")}
        <select name="branch" className="rounded-xl bg-white px-3 py-2 font-normal ring-1 ring-black/15 dark:bg-stone-950 dark:ring-white/20">
          {others.map((b) => (
            <option key={b.id} value={b.id}>
              {localized(b, "name", lang)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={busy} className="rounded-full px-3 py-2 font-bold ring-1 ring-black/15 dark:ring-white/20">
        {t("console.menuEditor.copyMenu")}
      </button>
      {outcome?.ok && (
        <span role="status" className="text-emerald-800 dark:text-emerald-300">
          {t("console.menuEditor.copied")}
        </span>
      )}
    </fetcher.Form>
  );
}
