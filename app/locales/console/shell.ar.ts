// The console shell's strings (navigation, restaurant switcher, preferences, refusals), Arabic.
import type shellEn from "./shell.en";

const shell: typeof shellEn = {
  title: "لوحة التحكم",
  nav: {
    label: "لوحة التحكم",
    home: "الخطوات الأولى",
    orders: "الطلبات",
    menu: "القائمة",
    insights: "الإحصاءات",
    branches: "الفروع",
    staff: "الفريق",
    tax: "الضريبة والفواتير",
    payments: "الدفع",
    webhooks: "الويب هوك",
    account: "الحساب",
    security: "الدخول والأمان",
  },
  switchRestaurant: "المطعم",
  switchTo: "فتح",
  signOut: "تسجيل الخروج",
  roles: { owner: "المالك", manager: "المدير", staff: "موظف" },
  forbiddenTitle: "ليست ضمن دورك",
  forbidden: "دورك لا يشمل هذه الصفحة.",
  forbiddenBack: "العودة إلى الخطوات الأولى",
  missingTitle: "غير موجود",
  missing: "هذا ليس جزءاً من مطعمك.",
  failedTitle: "حدث خطأ",
  failed: "تعذّر تحميل الصفحة. حاول مرة أخرى بعد قليل.",
  counter: "{{count}} / {{max}}",
  counterOver: "تجاوز الحد بمقدار {{count}}: اختصره لتحفظ.",
};
export default shell;
