// The payment settings' strings (/console/payments), Arabic.
const payments = {
  title: "الدفع بالبطاقة",
  intro:
    "يدفع الزبائن في الكويت والسعودية والبحرين وقطر وعُمان عبر Tap Payments: كي نت ومدى وبنفت وApple Pay والبطاقات، على صفحة Tap الآمنة. اربط حساب مطعمك في Tap بمفتاحه السري.",
  demo: "تجريبي: خدمة Tap للاختبار هنا بديل محلي. اربط بأي مفتاح يبدأ بـ sk_test_demo.",
  state: {
    none: "غير مرتبط: لا يستطيع الزبائن الدفع بالبطاقة عبر Tap.",
    active: "مرتبط: يدفع الزبائن بالبطاقة عبر Tap.",
    refused: "رفضت Tap آخر مفتاح:",
  },
  mode: { live: "مفتاح فعلي", test: "مفتاح اختبار: لا تنتقل أموال حقيقية." },
  key: "المفتاح السري من Tap",
  keyHint: "من لوحة Tap ‏(goSell ← بيانات API): يبدأ بـ sk_live_ أو sk_test_. يُحفظ مشفّراً ولا يُعرض مرة أخرى.",
  connect: "اربط Tap",
  replace: "استبدل المفتاح",
  forget: "افصل Tap",
  forgetHint: "يتوقف الدفع بالبطاقة عبر Tap فوراً. تبقى الطلبات المدفوعة واستردادها كما هي.",
  unavailable: {
    country: "تخدم Tap المطاعم في الكويت والسعودية والبحرين وقطر وعُمان. بطاقات مطعمك تمر عبر مزوّد البطاقات في الموقع.",
    site: "هذا الموقع غير مهيأ لـ Tap ‏(TAP_PAYMENTS وTAP_KEY_SECRET): اسأل من يديره.",
  },
  outcome: {
    connected: "تم ربط Tap. يستطيع الزبائن الدفع بالبطاقة.",
    forgotten: "تم فصل Tap.",
    secret_key: "هذا ليس مفتاحاً سرياً من Tap: يبدأ بـ sk_live_ أو sk_test_.",
    refused: "رفضت Tap هذا المفتاح. تحقق منه في لوحة Tap والصقه مجدداً.",
    unreachable: "لم تُجب Tap، فلم يتغير شيء. حاول بعد دقيقة.",
    unconfigured: "هذا الموقع غير مهيأ لـ Tap.",
    country: "لا تخدم Tap بلد مطعمك هنا.",
    input: "نقص شيء في النموذج. حاول مجدداً.",
  },
};

export default payments;
