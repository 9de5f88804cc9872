// The table QR codes' strings (/console/branches/:id/codes and its printable sheet), Arabic.
import type codesEn from "./codes.en";

const codes: typeof codesEn = {
  link: "رموز QR للطاولات",
  title: "رموز QR للطاولات",
  intro: "لكل طاولة رمز يفتح قائمة هذا الفرع مع رقم الطاولة. اطبعها على ورق A4 وقصّها وضع رمزاً على كل طاولة.",
  from: "من الطاولة",
  to: "إلى الطاولة",
  per: "عدد الرموز في صفحة A4",
  perOption: "{{count}} في الصفحة",
  tables: "الطاولات 1–{{last}}.",
  tablesUnset: "لم يُحدَّد عدد الطاولات: تصل الرموز إلى الطاولة {{max}}.",
  tablesLink: "غيّره في إعدادات الفرع",
  limit: "حتى {{limit}} رمزاً في الورقة، للطاولات من 1 إلى {{max}}.",
  show: "عرض",
  preview: "معاينة الطاولة {{table}}",
  count: "{{count}} رمزاً في الورقة",
  openSheet: "فتح الورقة للطباعة",
  download: "تنزيل PDF",
  pdfNote: "من الورقة القابلة للطباعة يحمل ملف PDF شعارك والعناوين العربية؛ هذا الرابط يعطي العناوين الإنجليزية فقط.",
  building: "جارٍ تجهيز ملف PDF…",
  pdfFallback: "تعذّر تجهيز ملف PDF هنا؛ يُنزَّل الملف الإنجليزي بدلاً منه.",
  print: "طباعة",
  back: "العودة إلى الرموز",
  backToBranches: "العودة إلى الفروع",
  table: "طاولة {{table}}",
  problems: {
    from: "يجب أن يكون «من الطاولة» رقماً صحيحاً من 1 إلى {{max}}.",
    to: "يجب أن يكون «إلى الطاولة» رقماً صحيحاً من 1 إلى {{max}}.",
    per: "اختر 1 أو 4 أو 6 أو 12 رمزاً في الصفحة.",
    order: "يجب ألا يكون «إلى الطاولة» أقل من «من الطاولة».",
    tooMany: "حتى {{limit}} رمزاً في الورقة فقط: اختر نطاقاً أقصر.",
  },
};

export default codes;
