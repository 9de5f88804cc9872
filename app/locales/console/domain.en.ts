// The restaurant's own domain (the section on /console/branches, owners), English.
import { DOMAIN_PROBLEMS } from "../../../worker/rules/domain-problems";

const domain = {
  title: "Your own domain",
  intro:
    "Diners can reach your menu on a web address of your own, like menu.your-restaurant.com. Enter it here, then create the DNS record below where your domain is managed.",
  host: "Hostname",
  hostHint: "The address alone: no http://, no path.",
  save: "Save",
  replace: "Replace",
  saving: "Saving…",
  remove: "Remove",
  removeConfirm: "Diners will no longer reach your menu at {{host}}. Remove it?",
  loading: "Loading…",
  none: "No own domain yet: diners use this site's address.",
  current: "Your domain",
  record: "Create this DNS record",
  recordType: "Type",
  recordName: "Name",
  recordValue: "Points to",
  recordContent: "Value",
  recordNote: "DNS changes can take up to a day to reach everyone.",
  status: {
    registered: "Registered",
    pending: "Waiting for the DNS record",
    active: "Active",
    unknown: "Status unavailable right now",
  },
  cloudflare: "The secure certificate is issued automatically once the record is in place.",
  half: "Own domains are not fully set up on this site yet: changes are refused until it is.",
  claim: {
    status: "Waiting for proof",
    intro:
      "Nothing changes for diners until you prove this domain is yours: create the TXT record below where your domain is managed, then press Check now. An unproven hostname is dropped after {{hours}} hours.",
    txt: "Create this TXT record (it proves the domain is yours)",
    check: "Check now",
    checking: "Checking…",
    cancel: "Cancel",
  },
  saved: "Saved.",
  removed: "Removed.",
  problems: {
    ...DOMAIN_PROBLEMS,
    unavailable: "Own domains are not fully set up on this site; please try again later.",
  },
};

export default domain;
