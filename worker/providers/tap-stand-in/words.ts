// The stand-in's hosted page's words (./page.ts), in the diner's language and always marked DEMO; the
// methods each country's diners pay with on Tap's page (KNET in Kuwait, mada and Apple Pay in Saudi
// Arabia, Benefit in Bahrain, NAPS in Qatar, OmanNet in Oman, cards everywhere).
import type { Language } from "../../rules/languages";

const en = {
  badge: "DEMO",
  title: "Tap Payments (demo)",
  text: "This is the local stand-in of Tap's payment page; no card is charged.",
  method: "Pay with",
  pay: "Pay",
  fail: "Decline",
  abandon: "Leave without paying",
  gone: "This payment is no longer open.",
  methods: { knet: "KNET", mada: "mada", apple_pay: "Apple Pay", benefit: "Benefit", naps: "NAPS", omannet: "OmanNet", card: "Card (Visa, Mastercard)" },
};

const ar: typeof en = {
  badge: "DEMO · تجريبي",
  title: "Tap Payments (تجريبي)",
  text: "هذه نسخة محلية تجريبية من صفحة الدفع لدى Tap، ولن تُخصم أي مبالغ من أي بطاقة.",
  method: "الدفع عبر",
  pay: "ادفع",
  fail: "رفض الدفع",
  abandon: "المغادرة دون دفع",
  gone: "لم يعد هذا الدفع متاحًا.",
  methods: { knet: "كي نت", mada: "مدى", apple_pay: "Apple Pay", benefit: "بنفت", naps: "نابس", omannet: "عمان نت", card: "بطاقة (فيزا، ماستركارد)" },
};

export const tapPageWords: Record<Language, typeof en> = { en, ar };

export type TapMethod = keyof typeof en.methods;

/** The methods a branch's country pays with on the page, cards last. */
export const methodsOf = (country: string): TapMethod[] =>
  [
    ...(({ KW: ["knet"], SA: ["mada", "apple_pay"], BH: ["benefit"], QA: ["naps"], OM: ["omannet"] } as Record<string, TapMethod[]>)[country.toUpperCase()] ??
      []),
    "card",
  ] as TapMethod[];
