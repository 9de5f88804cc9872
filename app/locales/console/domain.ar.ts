// The restaurant's own domain (the section on /console/branches, owners), Arabic.
import type domainEn from "./domain.en";

const domain: typeof domainEn = {
  title: "نطاقك الخاص",
  intro: "يمكن لزبائنك الوصول إلى قائمتك على عنوان خاص بك، مثل menu.your-restaurant.com. أدخله هنا، ثم أنشئ سجل DNS أدناه حيث تدير نطاقك.",
  host: "اسم المضيف",
  hostHint: "العنوان وحده: بدون http:// وبدون مسار.",
  save: "حفظ",
  replace: "استبدال",
  saving: "جارٍ الحفظ…",
  remove: "إزالة",
  removeConfirm: "لن يصل الزبائن إلى قائمتك على {{host}} بعد الآن. هل تريد إزالته؟",
  loading: "جارٍ التحميل…",
  none: "لا يوجد نطاق خاص بعد: يستخدم الزبائن عنوان هذا الموقع.",
  current: "نطاقك",
  record: "أنشئ سجل DNS هذا",
  recordType: "النوع",
  recordName: "الاسم",
  recordValue: "يشير إلى",
  recordNote: "قد يستغرق وصول تغييرات DNS إلى الجميع حتى يوماً كاملاً.",
  status: {
    registered: "مسجّل",
    pending: "بانتظار سجل DNS",
    active: "فعّال",
    unknown: "الحالة غير متاحة الآن",
  },
  cloudflare: "تصدر الشهادة الآمنة تلقائياً بعد إنشاء السجل.",
  half: "النطاقات الخاصة غير مهيأة بالكامل على هذا الموقع بعد: التغييرات مرفوضة حتى تكتمل.",
  saved: "تم الحفظ.",
  removed: "تمت الإزالة.",
  problems: {
    empty: "أدخل اسم مضيف، مثل menu.your-restaurant.com.",
    ip: "أدخل اسم مضيف، لا عنوان IP.",
    shape: "أدخل اسم المضيف وحده، مثل menu.your-restaurant.com: بدون http:// وبدون مسار أو منفذ.",
    long: "لا يتجاوز اسم المضيف 253 حرفاً.",
    format: "هذا ليس اسم مضيف: استخدم حروفاً لاتينية وأرقاماً وشرطات، في جزأين أو أكثر تفصل بينها نقاط، مثل menu.your-restaurant.com.",
    ours: "هذا أحد عناوين هذا الموقع نفسه: أدخل اسم مضيف على نطاق مطعمك.",
    taken: "اسم المضيف هذا مسجّل لمطعم آخر.",
    none: "لا يوجد نطاق خاص لإزالته.",
    unavailable: "النطاقات الخاصة غير مهيأة بالكامل على هذا الموقع؛ يرجى المحاولة لاحقاً.",
  },
};

export default domain;
