// The console's invitation, own-name and leave strings (docs/decisions/0037), Arabic.
import { plural } from "../plural";
import type en from "./invitations.en";

const invitations: typeof en = {
  title: "دعواتك",
  lead: "دعا مطعمٌ رقمَ الهاتف هذا للانضمام إلى فريقه. لا يُشارَك شيء قبل أن تقبل.",
  none: "ليست لديك دعوات. اطلب من مالك المطعم دعوة هذا الرقم، أو سجّل مطعمك الخاص.",
  signup: "سجّل مطعماً",
  back: "العودة إلى لوحة التحكم",
  invitedAs: "مدعو بصفة {{role}}",
  yourName: "اسمك",
  yourNameHint: "اسمك لك وحدك: يحتفظ كل مطعم باسمه الخاص لك.",
  accept: "اقبل وافتح",
  decline: "ارفض",
  declined: "رُفضت الدعوة.",
  notice: plural({
    zero: "ليست لديك دعوات.",
    one: "لديك دعوة للانضمام إلى فريق مطعم.",
    two: "لديك دعوتان للانضمام إلى فرق مطاعم.",
    few: "لديك {{count}} دعوات للانضمام إلى فرق مطاعم.",
    many: "لديك {{count}} دعوة للانضمام إلى فرق مطاعم.",
    other: "لديك {{count}} دعوة للانضمام إلى فرق مطاعم.",
  }),
  see: "عرض الدعوات",
  errors: {
    input: "يُرجى كتابة اسمك (80 حرفاً على الأكثر، دون أحرف تحكم).",
    gone: "هذه الدعوة لم تعد متاحة.",
  },
  you: "أنت",
  youLead: "اسمك الخاص، يظهر لك وحدك. يحتفظ كل مطعم تعمل معه باسمه الخاص لك.",
  saveName: "احفظ الاسم",
  nameSaved: "حُفظ الاسم.",
  leave: "غادر {{name}}",
  leaveLead: "لن تعود جزءاً من فريق هذا المطعم. لا يمكنك التراجع عن ذلك بنفسك.",
  leaveConfirm: "مغادرة فريق هذا المطعم؟",
  lastOwner: "أنت المالك الوحيد لهذا المطعم: اجعل شخصاً آخر مالكاً أولاً.",
  pending: "مدعو، لم يقبل بعد",
};
export default invitations;
