// The diner's nutrition strings (docs/decisions/0070, SFDA's menu labels), Arabic; ./ar.ts takes them as `nutrition`.
import type nutritionEn from "./nutrition-en";

const nutrition: typeof nutritionEn = {
  kcal: "{{kcal}} سعرة حرارية",
  choiceKcal: "+{{kcal}} سعرة",
  caloriesLabel: "السعرات الحرارية",
  walking: "نحو {{minutes}} دقيقة من المشي السريع لحرقها",
  caffeine: "الكافيين {{mg}} ملغ",
  highSalt: "عالي الملح",
  // SFDA's statement of daily needs, shown on menu pages of restaurants that give calories.
  dailyNeeds: "يحتاج البالغون في المتوسط إلى 2000 سعرة حرارية يومياً، وقد تختلف الاحتياجات الفردية.",
  orderKcal: "السعرات الحرارية للطلب",
  orderKcalPartial: "{{kcal}} سعرة حرارية على الأقل: بعض الأطباق بلا سعرات معلنة",
};
export default nutrition;
