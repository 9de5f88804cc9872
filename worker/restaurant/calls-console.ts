// The console's operations on the restaurant's object (./calls.ts): the board's switches, settings,
// staff-facing reads. Listed here so the object can run them by name.
import { openFirstBranch } from "./first-branch-rows";
import { boardOrder, hasOrders, ordersToday } from "./board-rows";
import { boardChange, boardView } from "./board-feed";
import { boardBranch, branchSettingsRow, listBranches, ownBranches, saveBranchSettings } from "./branch-rows";
import { brandSettingsOf, saveColours, saveSocials } from "./brand-rows";
import { firstSteps, orderSteps } from "./checklist-rows";
import { convertPrices, roundedPrices } from "./currency-change";
import { branchInsightRows, insightsBranches } from "./insight-rows";
import { documentsBetween, phase2Problems, phase2Xml, phase2XmlsBetween } from "./invoice-rows";
import { addPrinter, boardPrinters, branchPrinters, pairPrinter, removePrinter, renewPrinterKey, reprintOrder } from "./printers";
import { markPaidAtCounter } from "./invoices";
import { markMembersChanged, membersChangedAt } from "./member-changes";
import { saveSellerRow, sellerRow } from "./seller-rows";
import { acknowledgeCall, openCalls } from "./service-calls";
import { findDishes, markSoldOut, pauseBranch } from "./switch-rows";
import {
  addWebhookEndpoint,
  removeWebhookEndpoint,
  renewWebhookSecret,
  resendWebhookDelivery,
  sendWebhookTest,
  switchWebhookOn,
  webhookEndpoints,
} from "./webhooks";

export const consoleCalls = {
  openFirstBranch,
  findDishes,
  markSoldOut,
  pauseBranch,
  listBranches,
  ownBranches,
  boardBranch,
  branchSettingsRow,
  saveBranchSettings,
  ordersToday,
  boardView,
  boardChange,
  membersChangedAt,
  markMembersChanged,
  boardOrder,
  hasOrders,
  firstSteps,
  orderSteps,
  brandSettingsOf,
  saveColours,
  saveSocials,
  roundedPrices,
  convertPrices,
  insightsBranches,
  branchInsightRows,
  documentsBetween,
  phase2Xml,
  phase2XmlsBetween,
  phase2Problems,
  sellerRow,
  saveSellerRow,
  branchPrinters,
  boardPrinters,
  addPrinter,
  renewPrinterKey,
  pairPrinter,
  removePrinter,
  reprintOrder,
  openCalls,
  acknowledgeCall,
  markPaidAtCounter,
  webhookEndpoints,
  addWebhookEndpoint,
  renewWebhookSecret,
  resendWebhookDelivery,
  sendWebhookTest,
  removeWebhookEndpoint,
  switchWebhookOn,
};
