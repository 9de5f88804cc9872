// The B2B request's words on the invoice page (docs/decisions/0073), English and Arabic, kept beside the
// invoice's own labels (./invoice-labels.ts); the page shows its language's.
export const B2B_LABELS = {
  open: ["Need a tax invoice for your company (B2B)?", "تحتاج فاتورة ضريبية باسم منشأتك؟"],
  intro: [
    "We ask ZATCA to clear a standard tax invoice with your company's details; it replaces this simplified one.",
    "نطلب من هيئة الزكاة والضريبة والجمارك اعتماد فاتورة ضريبية قياسية ببيانات منشأتك؛ تحل محل هذه الفاتورة المبسطة.",
  ],
  company: ["Company name", "اسم المنشأة"],
  vat_number: ["VAT number (15 digits, starts and ends with 3)", "الرقم الضريبي (15 رقماً، يبدأ وينتهي بـ3)"],
  street: ["Street", "الشارع"],
  building: ["Building number (4 digits)", "رقم المبنى (4 أرقام)"],
  district: ["District", "الحي"],
  city: ["City", "المدينة"],
  postal_code: ["Postal code (5 digits)", "الرمز البريدي (5 أرقام)"],
  submit: ["Ask for the tax invoice", "اطلب الفاتورة الضريبية"],
  invalid: ["Check the marked fields.", "راجع الحقول المعلَّمة."],
  refused: ["A standard invoice cannot be issued for this order.", "لا يمكن إصدار فاتورة قياسية لهذا الطلب."],
  signedOut: ["Your session for this order ended: open the order again.", "انتهت جلستك لهذا الطلب: افتح الطلب من جديد."],
  notCleared: [
    "ZATCA did not clear the standard invoice: your simplified invoice stands, and the restaurant is told.",
    "لم تعتمد الهيئة الفاتورة القياسية: تبقى فاتورتك المبسطة سارية، وأُبلغ المطعم.",
  ],
} as const;

export type B2bLabel = keyof typeof B2B_LABELS;
