// What a menu's names, descriptions and prices may be: ONE rule for the menu editor's forms
// (../console/menu-forms.ts) and the spreadsheet import (../console/menu-csv/columns.ts), so a file cannot store what the
// editor would refuse (longer names, prices with more decimals).
export const MAX_NAME = 80;
export const MAX_DESCRIPTION = 500;
/** Up to 6 digits and at most 3 decimals, as typed (the restaurant's currency then says how many it takes: ./money.ts `fitsCurrency`); at most MAX_PRICE. */
export const PRICE_PATTERN = /^\d{1,6}(?:\.\d{1,3})?$/;
export const MAX_PRICE = 100_000;
