// The console's invitation, own-name and leave strings (docs/decisions/0037), English.
import { plural } from "../plural";

const invitations = {
  title: "Your invitations",
  lead: "A restaurant invited this phone number to its team. Nothing is shared until you accept.",
  none: "You have no invitations. Ask the restaurant's owner to invite this number, or sign up your own restaurant.",
  signup: "Sign up a restaurant",
  back: "Back to the console",
  invitedAs: "Invited as {{role}}",
  yourName: "Your name",
  yourNameHint: "Yours alone: each restaurant keeps its own name for you.",
  accept: "Accept and open",
  decline: "Decline",
  declined: "Invitation declined.",
  notice: plural({ one: "You have an invitation to join a restaurant's team.", other: "You have {{count}} invitations to join restaurants' teams." }),
  see: "See invitations",
  errors: {
    input: "Please type your name (at most 80 characters, no control characters).",
    gone: "This invitation is no longer open.",
  },
  // On Sign-in & security.
  you: "You",
  youLead: "Your own name, shown to you only. Each restaurant you work with keeps its own name for you.",
  saveName: "Save name",
  nameSaved: "Name saved.",
  leave: "Leave {{name}}",
  leaveLead: "You stop being part of this restaurant's team. It cannot be undone by you.",
  leaveConfirm: "Leave this restaurant's team?",
  lastOwner: "You are this restaurant's only owner: make someone else an owner first.",
  pending: "Invited, not accepted yet",
};
export default invitations;
