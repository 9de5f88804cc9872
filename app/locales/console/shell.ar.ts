// The console shell's strings (navigation, restaurant switcher), Arabic.
import type shellEn from "./shell.en";

const shell: typeof shellEn = {
  title: "لوحة التحكم",
  nav: { label: "لوحة التحكم", home: "الخطوات الأولى", orders: "الطلبات", menu: "القائمة", branches: "الفروع", staff: "الفريق", account: "الحساب", security: "الدخول والأمان" },
  switchRestaurant: "المطعم",
  signOut: "تسجيل الخروج",
  roles: { owner: "المالك", manager: "المدير", staff: "موظف" },
  forbidden: "دورك لا يشمل هذه الصفحة.",
};
export default shell;
