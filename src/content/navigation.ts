import { routes } from "@/lib/routes";

export interface NavLink {
  label: string;
  href: string;
}

export interface NavMenu {
  label: string;
  /** The menu's own page, reachable without opening the menu (and without JavaScript). */
  href: string;
  items: readonly NavLink[];
}

/**
 * Header menus of §2. The original's entries had no pages of their own; each now
 * goes to the closest real content.
 */
export const headerMenus: readonly NavMenu[] = [
  {
    label: "Services",
    href: routes.services,
    items: [
      { label: "Event Internet", href: routes.service("temporary-event-internet") },
      { label: "Managed IT Services", href: routes.service("it-support") },
      { label: "Rural Connectivity", href: routes.service("starlink") },
      { label: "Video Conferencing", href: routes.service("voip-phone-systems") },
    ],
  },
  {
    label: "Industries",
    href: routes.industries,
    items: [
      { label: "Construction", href: routes.service("temporary-event-internet") },
      { label: "Events & Entertainment", href: routes.industry("event-organizers") },
      { label: "Healthcare", href: routes.industry("dental-medical") },
      { label: "Education", href: routes.industry("scouts-camps") },
    ],
  },
];

export const headerLinks: readonly NavLink[] = [
  { label: "Case Studies", href: routes.caseStudies },
  { label: "About", href: routes.about },
  { label: "Blog", href: routes.blog },
];

export const footerServiceLinks: readonly NavLink[] = [
  { label: "Temporary Event Internet", href: routes.service("temporary-event-internet") },
  { label: "Managed Internet & Failover", href: routes.service("managed-internet") },
  { label: "Starlink Business", href: routes.service("starlink") },
  { label: "VoIP Phone Systems", href: routes.service("voip-phone-systems") },
  { label: "Greenville VoIP", href: routes.greenvilleVoip },
  { label: "Security Cameras", href: routes.service("security-cameras") },
  { label: "Network Cabling", href: routes.service("network-cabling") },
  { label: "IT Support", href: routes.service("it-support") },
  { label: "Web Design", href: routes.service("web-design") },
];

export const footerQuickLinks: readonly NavLink[] = [
  { label: "All Services", href: routes.services },
  { label: "Industries", href: routes.industries },
  { label: "Case Studies", href: routes.caseStudies },
  { label: "About Us", href: routes.about },
  { label: "Blog", href: routes.blog },
  { label: "Contact", href: routes.contact() },
  { label: "Connectivity Survey", href: routes.survey },
];

export const footerLegalLinks: readonly NavLink[] = [
  { label: "Privacy Policy", href: routes.privacy },
  { label: "Terms of Service", href: routes.terms },
  { label: "Sitemap", href: routes.sitemap },
];
