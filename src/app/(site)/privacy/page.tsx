import { JsonLd } from "@/components/site/json-ld";
import { breadcrumbJsonLd } from "@/lib/structured-data";
import { PageHero } from "@/components/ui/page-hero";
import { routes } from "@/lib/routes";
import { buildMetadata } from "@/lib/seo";
import { renderLegalPage } from "@/server/content/legal-pages";

export const metadata = buildMetadata({
  title: "Privacy Policy",
  description: "What the contact form and connectivity survey collect, why, where it is kept, who sees it and how to have it deleted.",
  path: routes.privacy,
});

export default function PrivacyPage() {
  return (
    <>
      <JsonLd data={breadcrumbJsonLd([{ name: "Privacy Policy", path: routes.privacy }])} />
      <PageHero title="Privacy Policy" />
      <div className="container-page py-12">
        <div className="prose-article" dangerouslySetInnerHTML={{ __html: renderLegalPage("privacy") }} />
      </div>
    </>
  );
}
