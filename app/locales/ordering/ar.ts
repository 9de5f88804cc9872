// The ordering screens' strings (cart, checkout, orders), Arabic; keys as in ./en.ts.
import { plural } from "../plural";
import type { OrderingStrings } from "./en";

const ar: OrderingStrings = {
  // Said where a screen cannot work without JavaScript.
  noScript: { cart: "تُحفظ السلة على هذا الجهاز وتحتاج إلى JavaScript. يرجى تفعيل JavaScript لعرضها وإتمام الطلب." },
  cart: {
    title: "السلة",
    empty: "سلتك فارغة",
    emptyText: "يبدو أنك لم تضف أي منتج إلى سلتك بعد!",
    browse: "تصفح المنتجات",
    remove: "إزالة {{name}}",
    total: "المجموع",
    checkout: "إتمام الطلب",
    name: "الاسم",
    phone: "رقم الهاتف",
    note: "ملاحظة",
    notePlaceholder: "هل هناك ما يجب أن يعرفه المطبخ؟",
    payBy: "كيف تريد أن تطلب؟",
    payOtp: "التأكيد برمز SMS",
    payOnline: "الدفع بالبطاقة عبر الإنترنت",
    payNow: "ادفع الآن",
    loading: "جارٍ تحميل سلتك…",
    problems: "تغيّرت بعض المنتجات منذ إضافتها. يرجى مراجعتها:",
    gone: "لم يعد في القائمة",
    unavailable: "غير متوفر حالياً",
    priceChanged: "السعر الآن {{price}}",
    acceptPrice: "اعتمد السعر الجديد",
    cancelled: "تم إلغاء الدفع. سلتك كما تركتها.",
  },
  validation: {
    phoneOrName: "يرجى إدخال رقم هاتفك واسمك",
    phoneInvalid: "يرجى إدخال رقم هاتف صحيح",
    textInvalid: "لا يمكن أن يحتوي الاسم أو الملاحظة على رموز تحكم أو رموز اتجاه النص",
  },
  otp: {
    title: "التحقق",
    sentTo: "تم إرسال رمز التحقق إلى",
    code: "رمز التحقق",
    verify: "تحقق",
    resend: "إعادة الإرسال",
    resendIn: "إعادة الإرسال خلال {{seconds}} ث",
    invalidOrExpired: "رمز التحقق غير صحيح أو منتهي الصلاحية",
    invalid: "غير صحيح",
    unavailable: "تعذّر إرسال الرمز. يرجى المحاولة مرة أخرى.",
    // The same mark as the English screens and the demo pay page (DESIGN.md: demo screens say DEMO).
    demo: "DEMO",
    demoNote: "نسخة تجريبية: لا تُرسل رسالة نصية. الرمز في صندوق رسائل التطوير.",
    tooMany: plural({
      zero: "يرجى الانتظار قليلًا قبل طلب رمز جديد.",
      one: "يرجى الانتظار ثانية واحدة قبل طلب رمز جديد.",
      two: "يرجى الانتظار ثانيتين قبل طلب رمز جديد.",
      few: "يرجى الانتظار {{count}} ثوانٍ قبل طلب رمز جديد.",
      many: "يرجى الانتظار {{count}} ثانية قبل طلب رمز جديد.",
      other: "يرجى الانتظار {{count}} ثانية قبل طلب رمز جديد.",
    }),
  },
  order: {
    success: "تم الطلب بنجاح، رقم طلبك هو {{number}}",
    error: "حدث خطأ في الطلب، يرجى المحاولة مرة أخرى",
  },
  orders: {
    title: "الطلبات",
    empty: "ليس لديك طلبات بعد",
    number: "الطلب رقم {{number}}",
    value: "القيمة",
    date: "التاريخ",
    status: "الحالة",
    note: "ملاحظة",
    noNotes: "لا توجد ملاحظات",
    items: "المنتجات",
    showAll: "عرض كل الطلبات",
    justOrdered: "شكراً لك! تم تسجيل طلبك.",
    willAppear: "سيظهر طلبك هنا فور تأكيد المطعم له.",
    statusChanged: "حالة الطلب رقم {{number}}: {{status}}",
    statuses: { pending: "قيد الانتظار", inProcess: "قيد التحضير", ready: "جاهز", canceled: "ملغي" },
    signIn: "أكّد رقم هاتفك برمز SMS عند إتمام الطلب لتظهر طلباتك هنا.",
  },
};

export default ar;
