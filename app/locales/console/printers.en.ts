// The kitchen printers' strings (/console/branches/:id/printers), English.
const printers = {
  link: "Kitchen printers",
  title: "Kitchen printers",
  back: "Back to the branch's settings",
  intro:
    "A Star printer with CloudPRNT (mC-Print3, TSP100IV, or a TSP650II or TSP700II with a CloudPRNT interface) prints a ticket for each order accepted on the board, Arabic included. It asks this site for tickets every few seconds over the internet: nothing to install, no port to open.",
  add: {
    heading: "Add a printer",
    name: "Printer's name",
    nameHint: "Where it stands, for example “Hot line” or “Bar”.",
    submit: "Add printer",
    limit: "Up to {{max}} printers per branch.",
  },
  url: {
    heading: "Server URL of “{{name}}”",
    once: "Copy it now and paste it into the printer (the steps are below): it is shown only this once. Lost it? “New URL” makes another.",
    label: "Server URL",
  },
  list: { heading: "This branch's printers", empty: "No printer yet." },
  state: {
    online: "Connected · last seen {{time}}",
    offline: "Offline since {{time}}",
    asking: "Printer {{mac}} is asking to connect — pair it",
    compare: "Check that this MAC address is the one printed on the printer's self-test slip first.",
    waiting: "Waiting for the printer to call in: follow the steps below.",
    says: "The printer says: {{status}}",
    mac: "MAC address {{mac}}",
    queued: "Tickets waiting: {{count}}",
  },
  pair: "Pair it",
  renew: "New URL",
  remove: "Remove",
  removeConfirm: "Remove this printer? Its waiting tickets go too, and its URL stops working.",
  checkAgain: "Check again",
  steps: {
    heading: "Connect a printer, step by step",
    selfTest:
      "Switch the printer on with paper in it and print its self-test page: hold the FEED button while you switch it on. The slip shows the printer's IP address and MAC address.",
    webPage:
      "On a computer or phone on the same network, open http:// followed by that IP address: the printer's own web page. Sign in (Star's default password is “public” unless someone changed it).",
    enable: "Open the CloudPRNT settings and turn CloudPRNT on (Version HTTP).",
    paste: "Paste the server URL into “Server URL”, set the polling interval to 5 seconds, save, and let the printer restart.",
    pair: "Come back to this page: within a minute it says “Printer … is asking to connect”. Compare that MAC address with the self-test slip, then tap “Pair it”.",
    done: "Done: every order accepted on the board prints there. “Reprint” on an order's card prints it again.",
  },
  done: {
    added: "Printer added.",
    renewed: "New URL made: the old one no longer works.",
    paired: "Paired: accepted orders now print on it.",
    removed: "Printer removed.",
  },
  problems: {
    invalid: "That did not work: please try again.",
    name: "Give the printer a name of 1 to {{max}} letters, on one line.",
    mac: "That is not a MAC address.",
    tooMany: "This branch has {{max}} printers already: remove one first.",
    notFound: "That printer is gone.",
    changed: "Another device asked to connect meanwhile: check the MAC address again before pairing.",
  },
};
export default printers;
