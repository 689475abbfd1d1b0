/**
 * What a first-run setup link can be when it is opened, and what the owner reads for
 * each state but "valid". The server answers with the state; the setup screen shows these.
 */
export type SetupLinkState = "valid" | "used" | "expired" | "unknown" | "not-needed";

export const setupLinkMessages: Record<Exclude<SetupLinkState, "valid">, { title: string; description: string }> = {
  used: {
    title: "This setup link was already used",
    description: "A setup link works once, and this one has been used to choose the password. Sign in with that password.",
  },
  "not-needed": {
    title: "This setup link is no longer needed",
    description: "The administrator password has already been set. Sign in with it.",
  },
  expired: {
    title: "This setup link has expired",
    description: "Setup links are valid for 24 hours. Restart the server to print a new one in its log.",
  },
  unknown: {
    title: "This setup link is not valid",
    description: "No setup link matches this address. Copy the whole link from the server log; every start without a password prints a new one.",
  },
};
