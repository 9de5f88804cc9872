// The console shell's strings (navigation, restaurant switcher), English.
const shell = {
  title: "Console",
  nav: { label: "Console", home: "First steps", orders: "Orders", menu: "Menu", branches: "Branches", staff: "Staff", account: "Account", security: "Sign-in & security" },
  switchRestaurant: "Restaurant",
  signOut: "Sign out",
  roles: { owner: "Owner", manager: "Manager", staff: "Staff" },
  forbidden: "Your role does not include this page.",
};
export default shell;
