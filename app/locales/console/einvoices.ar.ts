// ZATCA Phase-2 documents in the console (the tax screen's list, the home's notice; docs/decisions/0073), Arabic.
import type einvoicesEn from "./einvoices.en";

const einvoices: typeof einvoicesEn = {
  states: {
    unsigned: "بانتظار التوقيع",
    pending: "جارٍ الإبلاغ…",
    reported: "تم الإبلاغ",
    warnings: "تم الإبلاغ مع تحذيرات",
    rejected: "مرفوضة",
    cleared: "معتمدة",
    clearance_failed: "لم تُعتمد",
  },
  standard: "قياسية (بين المنشآت)",
  xml: "XML",
  xmlOf: "نزّل ملف XML للمستند {{number}}",
  phase1: "المرحلة الأولى",
  notice: {
    rejected: "رفضت هيئة الزكاة والضريبة والجمارك {{count}} من فواتيرك الإلكترونية: افتح الضرائب والفواتير لترى رسائلها، ثم صحّح الفواتير التالية.",
    notCleared: "لم تعتمد الهيئة {{count}} من طلبات الفواتير الضريبية بين المنشآت: احتفظ هؤلاء الزبائن بالفاتورة المبسطة.",
    late: "{{count}} من الفواتير الإلكترونية لم يُبلَغ عنها للهيئة بعد 24 ساعة: نواصل المحاولة؛ راجع ربط الفرع.",
    noAddress: "فواتيرك الإلكترونية لا تذكر رقم السجل التجاري والعنوان الوطني، وتشترطهما الهيئة: أضفهما في الضرائب والفواتير.",
    open: "افتح الضرائب والفواتير",
  },
};
export default einvoices;
