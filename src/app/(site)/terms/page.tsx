import { JsonLd } from "@/components/site/json-ld";
import { breadcrumbJsonLd } from "@/lib/structured-data";
import { PageHero } from "@/components/ui/page-hero";
import { routes } from "@/lib/routes";
import { buildMetadata } from "@/lib/seo";
import { renderLegalPage } from "@/server/content/legal-pages";

export const metadata = buildMetadata({
  title: "Terms of Service",
  description: "The terms for using this website: general information, quotes by written agreement, links, liability and governing law.",
  path: routes.terms,
});

export default function TermsPage() {
  return (
    <>
      <JsonLd data={breadcrumbJsonLd([{ name: "Terms of Service", path: routes.terms }])} />
      <PageHero title="Terms of Service" />
      <div className="container-page py-12">
        <div className="prose-article" dangerouslySetInnerHTML={{ __html: renderLegalPage("terms") }} />
      </div>
    </>
  );
}
