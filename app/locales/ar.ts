import type { Strings } from "./en";

const ar: Strings = {
  app: { name: "منيو", producedBy: "من تطوير", provider: "منيو" },
  a11y: { skipToContent: "انتقل إلى المحتوى", switchTheme: "التبديل بين الوضع الفاتح والداكن", language: "اللغة" },
  language: { en: "English", ar: "العربية", switchTo: "EN", switchLabel: "English" },
  branches: {
    welcome: "أهلاً بك في {{name}}",
    ourBranches: "فروعنا",
    address: "العنوان",
    phone: "الهاتف",
    mobile: "الجوال",
    open: "افتح قائمة {{name}}",
    ordersOn: "اطلب من طاولتك",
    menuOnly: "القائمة فقط",
    empty: "لا توجد فروع لعرضها بعد.",
  },
  notFound: {
    title: "404 - الصفحة غير موجودة",
    text: "عذراً! لم نتمكن من العثور على الصفحة التي تبحث عنها. ربما تم أكلها!",
    home: "العودة إلى الصفحة الرئيسية",
  },
  unavailable: {
    title: "القائمة في استراحة قصيرة",
    text: "تعذّر الوصول إلى المطعم الآن. يرجى المحاولة مرة أخرى بعد قليل.",
    retry: "حاول مرة أخرى",
  },
  error: { title: "حدث خطأ غير متوقع في التطبيق!" },
};

export default ar;
