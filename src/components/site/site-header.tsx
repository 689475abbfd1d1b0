import { Phone, Search } from "lucide-react";
import { headerLinks, headerMenus } from "@/content/navigation";
import { site } from "@/content/site";
import { routes } from "@/lib/routes";
import { ButtonLink } from "@/components/ui/button-link";
import { BrandLogo } from "./brand-logo";
import { MobileMenu } from "./mobile-menu";
import { NavDropdown } from "./nav-dropdown";

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <BrandLogo />
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {headerMenus.map((menu) => (
            <NavDropdown key={menu.label} menu={menu} />
          ))}
          {headerLinks.map((link) => (
            <a key={link.href} href={link.href} className="rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:text-brand-700">
              {link.label}
            </a>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <a
            href={routes.search}
            aria-label="Search the site"
            className="inline-flex size-11 items-center justify-center rounded-md text-slate-700 hover:bg-muted hover:text-brand-700"
          >
            <Search aria-hidden="true" className="size-5" />
          </a>
          <a
            href={site.phone.href}
            aria-label={`Call ${site.phone.display}`}
            className="inline-flex size-11 items-center justify-center rounded-md text-brand-800 hover:bg-muted md:hidden"
          >
            <Phone aria-hidden="true" className="size-5" />
          </a>
          <a
            href={site.phone.href}
            className="hidden items-center gap-1.5 rounded-md px-2 py-2 text-sm font-semibold text-brand-800 hover:text-brand-950 md:inline-flex"
          >
            <Phone aria-hidden="true" className="size-4" />
            {site.phone.display}
          </a>
          <ButtonLink href={routes.contact()} size="sm" className="hidden sm:inline-flex">
            Get Started
          </ButtonLink>
          <div className="lg:hidden">
            <MobileMenu />
          </div>
        </div>
      </div>
    </header>
  );
}
