// One editor form's state: its own fetcher (so each row shows its own outcome), and the answer of a
// document post (before the script loads) when it was this form's, matched by the hidden `form` key.
import { useActionData, useFetcher } from "react-router";
import type { MenuActionData } from "~/routes/console/menu.server";

export function useEditorForm(key: string) {
  const fetcher = useFetcher<MenuActionData>({ key });
  const posted = useActionData<MenuActionData>();
  const outcome = fetcher.data ?? (posted && !posted.ok && posted.form === key ? posted : undefined);
  const failed = outcome && !outcome.ok ? outcome : undefined;
  return {
    fetcher,
    outcome,
    busy: fetcher.state !== "idle",
    errors: failed?.errors ?? {},
    values: failed?.values,
    problem: failed?.problem,
  };
}
