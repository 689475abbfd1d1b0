import { caseStudies } from "@/content/case-studies";
import { industries } from "@/content/industries";
import { footerLegalLinks, type NavLink } from "@/content/navigation";
import { services } from "@/content/services";
import type { PostSummary } from "@/content/types";
import { routes } from "@/lib/routes";

function LinkGroup({ title, links }: { title: string; links: readonly NavLink[] }) {
  return (
    <section aria-label={title}>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <ul className="mt-3 space-y-1">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} className="inline-flex min-h-11 items-center text-brand-700 underline-offset-4 hover:underline sm:min-h-8">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The HTML sitemap (/sitemap): every page of the site, grouped. */
export function SitemapGroups({ articles }: { articles: readonly Pick<PostSummary, "slug" | "title">[] }) {
  const groups: { title: string; links: NavLink[] }[] = [
    {
      title: "Main pages",
      links: [
        { label: "Home", href: routes.home },
        { label: "Services", href: routes.services },
        { label: "Industries", href: routes.industries },
        { label: "Case Studies", href: routes.caseStudies },
        { label: "About", href: routes.about },
        { label: "Blog", href: routes.blog },
        { label: "Contact", href: routes.contact() },
        { label: "Connectivity Survey", href: routes.survey },
        { label: "Greenville VoIP", href: routes.greenvilleVoip },
      ],
    },
    { title: "Services", links: services.map((s) => ({ label: s.title, href: routes.service(s.slug) })) },
    { title: "Industries", links: industries.map((i) => ({ label: i.name, href: routes.industry(i.slug) })) },
    { title: "Case studies", links: caseStudies.map((c) => ({ label: c.title, href: `${routes.caseStudies}#${c.slug}` })) },
    { title: "Articles", links: articles.map((p) => ({ label: p.title, href: routes.post(p.slug) })) },
    { title: "Legal", links: footerLegalLinks.filter((l) => l.href !== routes.sitemap) },
  ];
  return (
    <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-3">
      {groups.map((group) => (
        <LinkGroup key={group.title} title={group.title} links={group.links} />
      ))}
    </div>
  );
}
