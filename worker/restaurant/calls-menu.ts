// The menu editor's operations on the restaurant's object (./calls.ts): menus, categories, dishes,
// options, copies and imports. Listed here so the object can run them by name.

export const menuCalls = {};
