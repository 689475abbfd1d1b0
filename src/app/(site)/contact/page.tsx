import { ContactForm } from "@/components/contact/contact-form";
import { ContactInfo } from "@/components/contact/contact-info";
import { JsonLd } from "@/components/site/json-ld";
import { Card } from "@/components/ui/card";
import { PageHero } from "@/components/ui/page-hero";
import { Toaster } from "@/components/ui/toaster";
import { site } from "@/content/site";
import { routes } from "@/lib/routes";
import { buildMetadata } from "@/lib/seo";
import { breadcrumbJsonLd, contactPageJsonLd } from "@/lib/structured-data";
import { resolveContactPreset } from "@/lib/validation/project-types";
import { submitContactForm } from "./actions";

export const metadata = buildMetadata({
  title: "Contact Us",
  description: `Request a quote or a ${site.consultationMinutes}-minute consultation for managed internet, VoIP, cameras, cabling, IT support, web design or event internet.`,
  path: routes.contact(),
  keywords: ["contact", "free quote", "IT consultation Greenville SC", "event internet quote"],
});

export default async function ContactPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const preset = resolveContactPreset((await searchParams).service);
  return (
    <>
      <JsonLd data={contactPageJsonLd()} />
      <JsonLd data={breadcrumbJsonLd([{ name: "Contact Us", path: routes.contact() }])} />
      <PageHero
        title="Contact Us"
        intro={`Tell us about your project. We answer within one business day, and a ${site.consultationMinutes}-minute call is usually enough to scope it.`}
      />
      <div className="container-page grid gap-10 py-14 lg:grid-cols-[1fr_24rem]">
        <Card className="p-6 sm:p-8">
          <h2 className="text-xl font-semibold text-slate-900">Send us a message</h2>
          <p className="mt-1 mb-6 text-sm text-slate-600">All fields are required.</p>
          <ContactForm action={submitContactForm} emailPlaceholder={site.email} preset={preset} />
        </Card>
        <ContactInfo />
      </div>
      <Toaster />
    </>
  );
}
