import Bowser from "bowser";

/** A browser as the sessions list names it: "Chrome 131" and "macOS", or what is known of them. */
export interface DescribedUserAgent {
  browser: string;
  os: string;
}

function majorVersion(version: string | undefined): string {
  return version?.split(".")[0] ?? "";
}

/** Names the browser and system behind a User-Agent (bowser), for people to recognise. */
export function describeUserAgent(userAgent: string | null): DescribedUserAgent {
  if (!userAgent) return { browser: "Unknown browser", os: "Unknown system" };
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, majorVersion(parsed.browser.version)].filter(Boolean).join(" ");
  const os = [parsed.os.name, parsed.os.versionName ?? ""].filter(Boolean).join(" ");
  return { browser: browser || "Unknown browser", os: os || "Unknown system" };
}
