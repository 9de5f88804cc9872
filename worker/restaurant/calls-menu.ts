// The menu editor's operations on the restaurant's object (./calls.ts): menus, categories, dishes,
// options, copies and imports. Listed here so the object can run them by name.
import { dishPictures } from "./picture-rows";
import { undeclaredDishes } from "./allergen-gap-rows";
import { dishEditor, saveDishOptions } from "./dish-option-rows";
import { copyMenu, duplicateDish } from "./menu-copy-rows";
import { applyMenuImport } from "./menu-import-rows";
import { createCategory, createDish, createMenu, deleteMenuRow, reorderMenuRows, setMenuServed, updateCategory, updateDish, updateMenu } from "./menu-rows";
import { branchMenuSheet } from "./menu-sheet-rows";
import { menuBrandStyle, menuTree } from "./menu-tree-rows";

export const menuCalls = {
  dishPictures,
  menuTree,
  menuBrandStyle,
  undeclaredDishes,
  createMenu,
  updateMenu,
  createCategory,
  updateCategory,
  createDish,
  updateDish,
  deleteMenuRow,
  reorderMenuRows,
  setMenuServed,
  duplicateDish,
  copyMenu,
  dishEditor,
  saveDishOptions,
  branchMenuSheet,
  applyMenuImport,
};
