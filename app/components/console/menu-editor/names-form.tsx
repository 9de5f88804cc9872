// A menu's or category's names, English and Arabic side by side: the create and edit form.
import { useEffect, useRef } from "react";
import { useConsoleTranslation } from "~/locales/console";
import { Field } from "./field";
import { SaveRow } from "./save-row";
import { useEditorForm } from "./use-editor-form";

interface Props {
  formKey: string;
  intent: "menu-create" | "menu-update" | "category-create" | "category-update";
  /** The hidden id fields (id, branch or menu). */
  hidden: Record<string, number>;
  initial?: { name_en: string; name_ar: string };
  submit: string;
}

export function NamesForm({ formKey, intent, hidden, initial, submit }: Props) {
  const { t } = useConsoleTranslation();
  const { fetcher, errors, values, outcome, busy } = useEditorForm(formKey);
  const shown = values ?? initial;
  const form = useRef<HTMLFormElement>(null);
  // A created row appears in its list: the add form empties for the next one.
  useEffect(() => {
    if (fetcher.data?.ok && intent.endsWith("create")) form.current?.reset();
  }, [fetcher.data, intent]);
  return (
    <fetcher.Form ref={form} method="post" className="mt-2 grid gap-3" data-testid={`form-${formKey}`}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="form" value={formKey} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          name="name_en"
          label={t("console.menuEditor.nameEn")}
          defaultValue={shown?.name_en}
          error={errors.name_en}
          lang="en"
          dir="ltr"
          maxChars={80}
          autoComplete="off"
        />
        <Field
          name="name_ar"
          label={t("console.menuEditor.nameAr")}
          defaultValue={shown?.name_ar}
          error={errors.name_ar}
          arabic
          maxChars={80}
          autoComplete="off"
        />
      </div>
      <SaveRow busy={busy} saved={outcome?.ok === true} label={submit} />
    </fetcher.Form>
  );
}
