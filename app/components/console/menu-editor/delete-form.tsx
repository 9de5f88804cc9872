// Delete a menu, category or dish: a confirmation first; a menu or category that still holds dishes is
// refused by the server with their number, and the owner confirms "delete with its N dishes".
import { useConsoleTranslation } from "~/locales/console";
import type { Level } from "../../../../worker/rules/menu-forms";
import { useEditorForm } from "./use-editor-form";

export function DeleteForm({ level, id, name, dishes }: { level: Level; id: number; name: string; dishes: number }) {
  const { t } = useConsoleTranslation();
  const { fetcher, outcome, busy } = useEditorForm(`delete-${level}-${id}`);
  const refused = outcome && !outcome.ok && outcome.problem === "notEmpty" ? (outcome.dishes ?? dishes) : null;
  const count = refused ?? dishes;
  return (
    <details className="group">
      <summary className="inline-block cursor-pointer rounded-full px-3 py-1.5 text-sm font-bold text-red-800 ring-1 ring-red-800/30 dark:text-red-300 dark:ring-red-300/40">
        {t("console.menuEditor.delete")}
        <span className="sr-only"> {name}</span>
      </summary>
      <fetcher.Form method="post" className="mt-2 rounded-xl bg-red-50 p-3 text-sm dark:bg-red-950/40">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="level" value={level} />
        <input type="hidden" name="id" value={id} />
        {count > 0 && <input type="hidden" name="dishes" value={count} />}
        <p>{count > 0 ? t("console.menuEditor.stillHolds", { name, count }) : t("console.menuEditor.confirmDelete", { name })}</p>
        <button type="submit" disabled={busy} className="mt-2 rounded-full bg-red-700 px-4 py-2 font-bold text-white disabled:opacity-60">
          {count > 0 ? t("console.menuEditor.confirmWithDishes", { count }) : t("console.menuEditor.deleteNamed", { name })}
        </button>
      </fetcher.Form>
    </details>
  );
}
