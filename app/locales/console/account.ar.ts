// The Account page's strings (/console/account: plan, billing, cancel), Arabic.
import type accountEn from "./account.en";

const account: typeof accountEn = {
  title: "الحساب",
  plan: "الباقة",
  plans: { monthly: "شهرية", annual: "سنوية" },
  status: "الحالة",
  statuses: { incomplete: "بانتظار الفوترة", trialing: "تجربة مجانية", active: "نشط", past_due: "دفعة متأخرة", canceled: "ملغى" },
  trialEnd: "تنتهي التجربة",
  nextCharge: "الخصم التالي",
  endsOn: "ينتهي في",
  none: "—",
  pastDue: "فشلت آخر دفعة. ادفع قبل {{date}} لتبقى قائمتك متاحة.",
  inactive: "مطعمك غير نشط: يراه الزبائن مغلقاً حتى يُدفع الاشتراك.",
  cancelling: "ملغى: ينتهي اشتراكك في نهاية الفترة الحالية.",
  startBilling: "ابدأ الفوترة",
  manage: "إدارة الفوترة",
  demoManage: "تجريبي: الفوترة هنا محاكاة، لا توجد بطاقة أو فواتير لإدارتها.",
  cancel: "إلغاء الاشتراك",
  cancelConfirm: "نعم، ألغِ في نهاية الفترة",
  cancelQuestion: "إلغاء الاشتراك؟ تبقى قائمتك متاحة حتى نهاية الفترة الحالية.",
  keep: "إبقاء الاشتراك",
  cancelled: "سينتهي اشتراكك في نهاية الفترة الحالية.",
  failed: "تعذّر بدء الفوترة. يُرجى المحاولة مرة أخرى.",
  unavailable: "الفوترة غير متاحة الآن. يُرجى المحاولة لاحقاً.",
  download: "نزّل كل بياناتك",
  downloadHint: "ملف واحد فيه طلبات مطعمك ومدفوعاته ورموزه، لتحتفظ به أو تنقله.",
  demo: {
    title: "فوترة تجريبية",
    text: "هذه صفحة الفوترة التجريبية: لا تُطلب بطاقة ولا يُخصم شيء. ابدأ التجربة المجانية لمدة {{days}} يوماً الآن.",
    start: "ابدأ التجربة المجانية",
  },
};
export default account;
