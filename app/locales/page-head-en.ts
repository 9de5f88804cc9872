// A diner page's description when the restaurant wrote none (app/lib/page-head.server.ts), English.
const pageHead = {
  restaurant: "{{restaurant}}: the menu of each branch, with prices and pictures.",
  branch: "{{restaurant}}, {{branch}}, {{address}}: the menu, with prices and pictures.",
  menu: "{{menu}} at {{restaurant}}, {{branch}}: the dishes, with prices and pictures.",
  dish: "{{dish}} at {{restaurant}}, {{branch}}.",
};
export default pageHead;
