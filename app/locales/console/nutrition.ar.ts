// The console's nutrition strings (docs/decisions/0070): the dish form's and choices' fields, the
// editor's list of dishes without calories, the Saudi checklist's step, Arabic.
import { plural } from "../plural";
import type nutritionEn from "./nutrition.en";

const nutrition: typeof nutritionEn = {
  legend: "القيم الغذائية (بطاقات هيئة الغذاء والدواء)",
  calories: "السعرات الحرارية (كيلو سعرة)",
  caffeine: "الكافيين (ملغ)",
  highSalt: "عالي الملح",
  hint: "أرقام صحيحة؛ اتركها فارغة إن لم تكن معروفة. على المطاعم في السعودية عرض السعرات الحرارية لكل طبق.",
  choiceCalories: "سعرة",
  errors: {
    calories: "السعرات الحرارية رقم صحيح من 0 إلى 5,000 (أو فارغ).",
    caffeine: "الكافيين رقم صحيح بالملغ من 0 إلى 1,000 (أو فارغ).",
  },
  gaps: {
    count: plural({
      zero: "لا أطباق بلا سعرات حرارية",
      one: "طبق واحد بلا سعرات حرارية",
      two: "طبقان بلا سعرات حرارية",
      few: "{{count}} أطباق بلا سعرات حرارية",
      many: "{{count}} طبقًا بلا سعرات حرارية",
      other: "{{count}} طبق بلا سعرات حرارية",
    }),
    show: "اعرضها",
    hint: "تشترط هيئة الغذاء والدواء في السعودية عرض السعرات الحرارية لكل طبق في القائمة. افتح الطبق واكتب سعراته.",
  },
};
export default nutrition;
