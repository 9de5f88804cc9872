// The marketing landing (issue: marketing site). Until it is built out, the page introduces the
// product and links to the live demo menu.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PreferenceButtons } from "../preferences";

export function Landing() {
  const { i18n } = useTranslation();
  const ar = i18n.language === "ar";
  return (
    <div className="min-h-dvh bg-surface text-on-surface">
      <header className="flex items-center justify-between p-4">
        <span className="flex items-center gap-2 text-lg font-bold"><img src="/logo.svg" alt="" width={32} height={32} />{ar ? "منيو" : "Menu"}</span>
        <PreferenceButtons />
      </header>
      <main id="main" className="mx-auto max-w-2xl px-6 py-16 text-center">
        <h1 className="text-4xl leading-tight font-bold">{ar ? "قائمة رقمية وطلبات لمطعمك" : "A digital menu and ordering for your restaurant"}</h1>
        <p className="mt-4 text-lg text-on-surface/75">
          {ar ? "يمسح الزبون رمز QR، يتصفح القائمة بالعربية أو الإنجليزية، ويطلب من طاولته." : "Diners scan a QR code, browse your menu in English or Arabic, and order from their table."}
        </p>
        <Link to="/saffron" className="mt-8 inline-block rounded-full bg-primary px-7 py-3 font-bold text-on-primary">
          {ar ? "جرّب القائمة التجريبية" : "Try the live demo menu"}
        </Link>
      </main>
    </div>
  );
}
