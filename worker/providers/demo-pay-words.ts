// The embedded demo payment page's words (worker/providers/demo-page.ts), in the diner's language and
// always marked DEMO. A page of the worker's own, so its strings are apart from the screens' dictionaries.
import type { Language } from "../rules/languages";

const en = {
  badge: "DEMO",
  title: "Demo payment",
  order: "Order #{{number}}",
  text: "This is the embedded demo payment page; no card is charged.",
  pay: "Pay",
  cancel: "Cancel",
  gone: "This payment link is no longer valid.",
  otherSite: "Refusing to redirect to another site.",
};

const ar: typeof en = {
  badge: "DEMO · تجريبي",
  title: "دفع تجريبي",
  order: "الطلب رقم {{number}}",
  text: "هذه صفحة الدفع التجريبية المدمجة، ولن تُخصم أي مبالغ من أي بطاقة.",
  pay: "ادفع",
  cancel: "إلغاء",
  gone: "رابط الدفع هذا لم يعد صالحًا.",
  otherSite: "لا يمكن التحويل إلى موقع آخر.",
};

export const demoPayStrings: Record<Language, typeof en> = { en, ar };
