import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { footerLegalLinks, footerQuickLinks, footerServiceLinks, type NavLink } from "@/content/navigation";
import { site } from "@/content/site";
import { BrandLogo } from "./brand-logo";
import { SocialIcon, socialLabels, type SocialNetwork } from "./social-icon";

function FooterLinkList({ title, links }: { title: string; links: readonly NavLink[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <ul className="mt-3 space-y-1">
        {links.map((link) => (
          <li key={link.href + link.label}>
            <a href={link.href} className="inline-flex min-h-11 items-center text-sm text-slate-300 hover:text-white sm:min-h-9">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter() {
  // Only networks with a configured URL get an icon: no placeholder links.
  const socials = (Object.entries(site.social) as [SocialNetwork, string | undefined][]).filter(
    (entry): entry is [SocialNetwork, string] => Boolean(entry[1]),
  );
  const year = new Date().getFullYear();

  return (
    <footer className="bg-brand-950 text-slate-300">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <BrandLogo inverted />
          <p className="mt-4 text-sm leading-6">
            Connectivity and IT services for businesses and events across {site.regionName}, North Carolina and Georgia.
          </p>
          {socials.length > 0 && (
            <ul className="mt-4 flex gap-2" aria-label="Social media">
              {socials.map(([network, url]) => (
                <li key={network}>
                  <a
                    href={url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${site.name} on ${socialLabels[network]}`}
                    className="inline-flex size-11 items-center justify-center rounded-md bg-white/10 text-white hover:bg-white/20"
                  >
                    <SocialIcon network={network} />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <FooterLinkList title="Services" links={footerServiceLinks} />
        <FooterLinkList title="Quick Links" links={footerQuickLinks} />
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Contact</h2>
          <ul className="mt-3 space-y-3 text-sm">
            <li className="flex gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-400" />
              <a href={site.address.mapUrl} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-11 items-center hover:text-white sm:min-h-0">
                {site.address.display}
              </a>
            </li>
            <li className="flex gap-2">
              <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-400" />
              <a href={site.phone.href} className="inline-flex min-h-11 items-center hover:text-white sm:min-h-0">
                {site.phone.display}
              </a>
            </li>
            <li className="flex gap-2">
              <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-400" />
              <a href={`mailto:${site.email}`} className="inline-flex min-h-11 items-center break-all hover:text-white sm:min-h-0">
                {site.email}
              </a>
            </li>
            <li className="flex gap-2">
              <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-400" />
              <span>
                {site.hours.regular.weekdays}
                <br />
                {site.hours.regular.weekends}
              </span>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="container-page flex flex-col gap-3 py-6 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {year} {site.name}. All rights reserved.
          </p>
          <ul className="flex flex-wrap gap-x-4">
            {footerLegalLinks.map((link) => (
              <li key={link.href}>
                <a href={link.href} className="inline-flex min-h-11 items-center hover:text-white sm:min-h-9">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
