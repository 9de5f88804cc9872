// A diner page's description when the restaurant wrote none (app/lib/page-head.server.ts), Arabic.
import type pageHeadEn from "./page-head-en";

const pageHead: typeof pageHeadEn = {
  restaurant: "{{restaurant}}: قائمة كل فرع، بالأسعار والصور.",
  branch: "{{restaurant}}، {{branch}}، {{address}}: القائمة، بالأسعار والصور.",
  menu: "{{menu}} في {{restaurant}}، {{branch}}: الأطباق، بالأسعار والصور.",
  dish: "{{dish}} من {{restaurant}}، {{branch}}.",
};
export default pageHead;
