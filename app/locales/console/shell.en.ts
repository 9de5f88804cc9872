// The console shell's strings (navigation, restaurant switcher, preferences, refusals), English.
const shell = {
  title: "Console",
  nav: {
    label: "Console",
    home: "First steps",
    orders: "Orders",
    menu: "Menu",
    insights: "Insights",
    branches: "Branches",
    staff: "Staff",
    account: "Account",
    security: "Sign-in & security",
  },
  switchRestaurant: "Restaurant",
  switchTo: "Open",
  signOut: "Sign out",
  roles: { owner: "Owner", manager: "Manager", staff: "Staff" },
  forbiddenTitle: "Not part of your role",
  forbidden: "Your role does not include this page.",
  forbiddenBack: "Back to first steps",
  missingTitle: "Not found",
  missing: "This is not part of your restaurant.",
  failedTitle: "Something went wrong",
  failed: "The page could not be loaded. Try again in a moment.",
  counter: "{{count}} / {{max}}",
  counterOver: "Over the limit by {{count}}: shorten it to save.",
};
export default shell;
