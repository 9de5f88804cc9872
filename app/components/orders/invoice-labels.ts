// A tax invoice's (or receipt's) labels, always in both languages (the Gulf's invoices are bilingual): the screen's
// language first. Kept with the document, not in a dictionary, because both are printed whatever the screen's.
export const INVOICE_LABELS = {
  invoice: ["Simplified tax invoice", "فاتورة ضريبية مبسطة"],
  receipt: ["Receipt", "إيصال"],
  credit: ["Credit note", "إشعار دائن"],
  number: ["Number", "الرقم"],
  credits: ["For invoice", "للفاتورة"],
  issued: ["Date and time", "التاريخ والوقت"],
  seller: ["Seller", "البائع"],
  trn: ["VAT number", "الرقم الضريبي"],
  address: ["Address", "العنوان"],
  order: ["Order", "الطلب"],
  item: ["Item", "الصنف"],
  quantity: ["Qty", "الكمية"],
  unit: ["Unit price", "سعر الوحدة"],
  amount: ["Amount", "المبلغ"],
  net: ["Total excluding VAT", "الإجمالي غير شامل الضريبة"],
  vatAt: ["VAT {{rate}} %", "ضريبة القيمة المضافة {{rate}}٪"],
  service: ["Service charge", "رسوم الخدمة"],
  total: ["Total including VAT", "الإجمالي شامل الضريبة"],
  sum: ["Total", "الإجمالي"],
  tip: ["Tip (not subject to VAT)", "إكرامية (غير خاضعة للضريبة)"],
  plainTip: ["Tip", "إكرامية"],
  paid: ["Amount paid", "المبلغ المدفوع"],
  refunded: ["Amount refunded", "المبلغ المسترد"],
  qr: ["ZATCA QR code", "رمز الاستجابة السريعة للهيئة"],
  print: ["Print or save as PDF", "اطبع أو احفظ PDF"],
  back: ["Back to orders", "العودة إلى الطلبات"],
} as const;

export type InvoiceLabel = keyof typeof INVOICE_LABELS;
