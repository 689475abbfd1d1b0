import type { SocialLinks } from "@/content/site";

export type SocialNetwork = keyof SocialLinks;

export const socialLabels: Record<SocialNetwork, string> = {
  facebook: "Facebook",
  twitter: "X (Twitter)",
  linkedin: "LinkedIn",
  instagram: "Instagram",
  youtube: "YouTube",
};

/* Simple monochrome marks drawn for this site (the icon set carries no brand logos). */
const paths: Record<SocialNetwork, string> = {
  facebook: "M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.9v3h2.6V21z",
  twitter: "M4 4h4.6l3.9 5.4L17.2 4H20l-6.2 7.2L20.5 20h-4.6l-4.2-5.8L6.7 20H4l6.6-7.6z",
  linkedin: "M5 9h3v11H5zM6.5 4a1.75 1.75 0 1 1 0 3.5 1.75 1.75 0 0 1 0-3.5M10 9h2.9v1.5c.4-.8 1.4-1.7 3-1.7 3.1 0 3.6 2 3.6 4.6V20h-3v-5.8c0-1.4 0-3.1-1.9-3.1s-2.2 1.5-2.2 3V20H10z",
  instagram:
    "M12 3c-2.4 0-2.7 0-3.7.1-2.7.1-4.1 1.5-4.2 4.2C4 8.3 4 8.6 4 11s0 2.7.1 3.7c.1 2.7 1.5 4.1 4.2 4.2 1 .1 1.3.1 3.7.1s2.7 0 3.7-.1c2.7-.1 4.1-1.5 4.2-4.2.1-1 .1-1.3.1-3.7s0-2.7-.1-3.7c-.1-2.7-1.5-4.1-4.2-4.2C14.7 3 14.4 3 12 3m0 1.6c2.4 0 2.6 0 3.6.1 1.8.1 2.6.9 2.7 2.7.1.9.1 1.2.1 3.6s0 2.6-.1 3.6c-.1 1.8-.9 2.6-2.7 2.7-.9.1-1.2.1-3.6.1s-2.6 0-3.6-.1c-1.8-.1-2.6-.9-2.7-2.7-.1-.9-.1-1.2-.1-3.6s0-2.6.1-3.6c.1-1.8.9-2.6 2.7-2.7.9-.1 1.2-.1 3.6-.1m0 2.6a3.8 3.8 0 1 0 0 7.6 3.8 3.8 0 0 0 0-7.6m0 6.2a2.4 2.4 0 1 1 0-4.8 2.4 2.4 0 0 1 0 4.8m4-7.3a.9.9 0 1 0 0 1.8.9.9 0 0 0 0-1.8",
  youtube:
    "M21 8.2c-.2-1.2-1-2-2.2-2.2C17 5.7 12 5.7 12 5.7s-5 0-6.8.3c-1.2.2-2 1-2.2 2.2C2.7 9.9 2.7 12 2.7 12s0 2.1.3 3.8c.2 1.2 1 2 2.2 2.2 1.8.3 6.8.3 6.8.3s5 0 6.8-.3c1.2-.2 2-1 2.2-2.2.3-1.7.3-3.8.3-3.8s0-2.1-.3-3.8M10.2 15V9l5.2 3z",
};

export function SocialIcon({ network }: { network: SocialNetwork }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5 fill-current">
      <path d={paths[network]} />
    </svg>
  );
}
