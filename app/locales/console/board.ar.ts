// The live orders board's strings (/console/orders), Arabic.
import type boardEn from "./board.en";

const board: typeof boardEn = {
  title: "الطلبات",
  tabTitle: "({{count}}) الطلبات",
  branch: "الفرع",
  toolbar: "أدوات الفرع",
  columns: { new: "جديدة", preparing: "قيد التحضير", ready: "جاهزة" },
  emptyColumn: "لا طلبات هنا.",
  history: "في وقت سابق اليوم",
  historyEmpty: "لا شيء بعد.",
  minutes: "{{minutes}} د",
  justNow: "الآن",
  paidOnline: "مدفوع إلكترونياً",
  payAtCounter: "الدفع عند الكاونتر",
  note: "ملاحظة: {{note}}",
  next: { start: "ابدأ التحضير", ready: "جاهز" },
  cancel: "إلغاء",
  confirm: {
    title: "إلغاء الطلب {{number}}؟",
    text: "سيرى الزبون أن الطلب أُلغي. لا يمكن التراجع عن ذلك.",
    refund: "سيُعاد مبلغ {{amount}} إلى بطاقة الزبون.",
    yes: "ألغِ الطلب",
    no: "أبقِه",
  },
  refund: {
    heading: "مبالغ يجب إعادة محاولة ردّها",
    succeeded: "تم ردّ {{amount}}",
    pending: "ردّ {{amount}} في الطريق",
    failed: "فشل ردّ {{amount}}: لم يُعَد المبلغ إلى الزبون.",
    stalled: "لم يكتمل ردّ {{amount}}: ربما لم يُعَد المبلغ إلى الزبون.",
    retry: "أعد محاولة الردّ",
    demo: "تجريبي",
  },
  live: "مباشر",
  reconnecting: "إعادة الاتصال…",
  sound: { turnOn: "شغّل الصوت", on: "الصوت يعمل", acknowledge: "تم", newOrders: "{{count}} جديدة" },
  problems: {
    invalid: "لم ينجح ذلك: حاول مرة أخرى.",
    notFound: "هذا الطلب لم يعد موجوداً.",
    forbidden: "هذا الطلب ليس في أحد فروعك.",
    unpaid: "الطلب {{number}} لم يُدفع بعد.",
    notAllowed: "الطلب {{number}} نُقل من قبل: اللوحة تعرض مكانه الآن.",
    refundFailed: "أُلغي الطلب {{number}} لكن ردّ المبلغ فشل: أعد المحاولة من بطاقة الطلب.",
    refundNotOpen: "ردّ مبلغ الطلب {{number}} تم أو جارٍ الآن.",
  },
};
export default board;
