// The board's switches: sold out ("86") and pause ordering, Arabic.
import type switchesEn from "./switches.en";

const switches: typeof switchesEn = {
  pause: {
    title: "الطلبات الجديدة",
    open: "نستقبل الطلبات",
    pausedUntil: "متوقفة حتى {{time}}",
    pausedManual: "متوقفة حتى تستأنفها",
    pauseFor: "إيقاف لمدة",
    minutes: "{{count}} دقيقة",
    manual: "حتى أستأنف",
    resume: "استئناف الطلبات",
  },
  soldOut: {
    title: "نفد",
    search: "ابحث عن طبق",
    searchHint: "اكتب جزءاً من الاسم بالعربية أو الإنجليزية",
    none: "لا يوجد طبق مطابق.",
    available: "متوفر",
    today: "نفد اليوم",
    manual: "نفد حتى إعادة تفعيله",
    markToday: "لليوم",
    markManual: "حتى أعيده",
    backOn: "متوفر مجدداً",
    actions: "تحديد حالة {{name}}",
    count: "{{count}} نفد",
  },
  failed: "لم يُحفظ التغيير. حاول مرة أخرى.",
};
export default switches;
