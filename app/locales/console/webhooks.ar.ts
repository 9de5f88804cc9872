// The webhooks screen's strings (/console/webhooks), Arabic.
import type webhooksEn from "./webhooks.en";

const webhooks: typeof webhooksEn = {
  title: "الويب هوك",
  intro:
    "أبلغ أنظمتك الأخرى (نقاط البيع، المحاسبة، شاشة المطبخ) بكل طلب: نرسل كل حدث بصيغة JSON موقّعة إلى عنوان HTTPS الخاص بك — عند الطلب والدفع وتغيّر الحالة والإلغاء والاسترداد.",
  addTitle: "إضافة عنوان استقبال",
  url: "عنوان الاستقبال (URL)",
  urlHint: "عنوان https:// عام لنظامك. حتى {{max}} عناوين.",
  add: "إضافة العنوان",
  problems: {
    invalid: "هذا ليس عنوان ويب.",
    https: "استخدم عنوانًا يبدأ بـ https://",
    private: "استخدم عنوانًا عامًا: العناوين الخاصة والمحلية وعناوين IP مرفوضة.",
    tooMany: "لديك {{max}} عناوين بالفعل. احذف واحدًا أولًا.",
  },
  secretTitle: "مفتاح التوقيع",
  secretNote: "انسخه الآن: لن يظهر مرة أخرى. تحقّق به من ترويسة Menu-Signature في كل طلب (انظر ملف README).",
  none: "لا توجد عناوين بعد.",
  on: "يعمل",
  off: "متوقف",
  switchedOff: "أُوقف في {{date}}: فشل كل إرسال لمدة 3 أيام. أصلح العنوان ثم أعد تشغيله.",
  failingSince: "يفشل منذ {{date}}. نواصل المحاولة؛ وبعد 3 أيام يُوقف العنوان.",
  switchOn: "إعادة التشغيل",
  test: "إرسال حدث تجريبي",
  remove: "حذف",
  removeConfirm: "حذف هذا العنوان؟ سيُحذف سجله أيضًا.",
  logTitle: "آخر عمليات الإرسال",
  noDeliveries: "لم يُرسل شيء بعد.",
  event: "الحدث",
  order: "الطلب رقم {{number}}",
  states: { pending: "بالانتظار", delivered: "تم التسليم", failed: "فشل" },
  attempt: "المحاولة {{attempt}}",
  noAnswer: "لا رد",
  resend: "إعادة الإرسال",
  done: {
    added: "أُضيف العنوان.",
    removed: "حُذف العنوان.",
    tested: "الحدث التجريبي في الطريق.",
    resent: "أُعيد الإرسال.",
    switchedOn: "أُعيد تشغيل العنوان.",
  },
  refused: {
    input: "تعذّرت قراءة ذلك. أعد تحميل الصفحة وحاول مجددًا.",
    notFound: "هذا العنوان أو الإرسال لم يعد موجودًا. أعد تحميل الصفحة.",
    busy: "الأحداث التجريبية ما زالت في الطريق. انتظر قليلًا.",
    notFailed: "هذا الإرسال لم يفشل.",
  },
};

export default webhooks;
