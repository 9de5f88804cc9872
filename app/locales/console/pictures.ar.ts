// The picture controls' strings (dishes on /console/menu, the logo on /console/branches), Arabic.
import type picturesEn from "./pictures.en";

const pictures: typeof picturesEn = {
  dishPicture: "صورة {{name}}",
  menuPicture: "صورة مربع القائمة {{name}}",
  menuPictureTitle: "صورة المربع",
  noPicture: "لا توجد صورة",
  logo: "الشعار",
  change: "تغيير الصورة",
  takePhoto: "التقاط صورة",
  chooseFile: "اختيار ملف",
  upload: "رفع",
  uploading: "جارٍ الرفع…",
  saved: "حُفظت الصورة. يراها الزبائن خلال ثوانٍ.",
  hint: "JPEG أو PNG أو WebP أو AVIF، حتى ٥ ميغابايت (تُصغَّر الصورة الأكبر قبل إرسالها).",
  shrinking: "جارٍ تصغير الصورة…",
  unfit: "حجم هذه الصورة أكبر من ٥ ميغابايت وتعذّر تصغيرها هنا. اختر صورة أصغر.",
  errors: {
    "too-large": "حجم هذه الصورة أكبر من ٥ ميغابايت. اختر صورة أصغر.",
    "unsupported-type": "هذا الملف ليس صورة JPEG أو PNG أو WebP أو AVIF أو GIF.",
    quota: "استهلكت صورك المساحة المتاحة لها. تُحذف الصور التي استبدلتها بعد يوم؛ حاول مرة أخرى حينها.",
    "bad-form": "اختر صورة أولاً.",
    forbidden: "لا يسمح دورك بتغيير هذه الصورة.",
    "not-found": "لم يعد هذا العنصر موجوداً. أعد تحميل الصفحة.",
    "share-too-large": "نسخة المعاينة المُعدّة لتطبيقات الدردشة أكبر من ٣٠٠ كيلوبايت. أعد تحميل الصفحة وحاول مرة أخرى.",
    "bad-share": "نسخة المعاينة المُعدّة لتطبيقات الدردشة ليست صورة JPEG بحجم ١٢٠٠ بكسل كحد أقصى. أعد تحميل الصفحة وحاول مرة أخرى.",
  },
};
export default pictures;
