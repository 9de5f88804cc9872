// Choosing a language switches it, flips the page direction and closes the sheet (docs/spec.txt section 4).
import { useEffect } from "react";
import { useTranslation } from "~/lib/i18n";
import { Form, useLocation, useNavigation } from "react-router";
import { BottomSheet } from "../bottom-sheet";

export function LanguageSheet({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t, lang: language } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  // Close once the switch has been submitted.
  useEffect(() => {
    if (navigation.formAction === "/action/set-language") onClose();
  }, [navigation.formAction, onClose]);
  return (
    <BottomSheet open={open} onClose={onClose} title={t("nav.language")}>
      <Form method="post" action="/action/set-language" className="grid gap-2 pb-2">
        <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
        {(["ar", "en"] as const).map((lang) => (
          <button
            key={lang}
            type="submit"
            name="lang"
            value={lang}
            lang={lang}
            aria-pressed={language === lang}
            className="flex items-center justify-between rounded-2xl px-4 py-3 text-start text-lg font-bold ring-1 ring-on-surface/10 hover:bg-on-surface/5 aria-pressed:bg-primary aria-pressed:text-on-primary"
          >
            {t(`language.${lang}`)}
            <span aria-hidden="true">{lang === "ar" ? "ع" : "EN"}</span>
          </button>
        ))}
      </Form>
    </BottomSheet>
  );
}
