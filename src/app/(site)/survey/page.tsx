import { JsonLd } from "@/components/site/json-ld";
import { breadcrumbJsonLd } from "@/lib/structured-data";
import { connection } from "next/server";
import { SurveyForm } from "@/components/survey/survey-form";
import { Card } from "@/components/ui/card";
import { PageHero } from "@/components/ui/page-hero";
import { Toaster } from "@/components/ui/toaster";
import { routes } from "@/lib/routes";
import { buildMetadata } from "@/lib/seo";
import { submitSurveyForm } from "./actions";

export const metadata = buildMetadata({
  title: "Business Connectivity Interest Survey",
  description: "Tell us about your business's internet, phones and devices, and we will recommend the right connectivity setup.",
  path: routes.survey,
  noIndex: true,
});

/** Read per request, so one build serves deployments with and without a maps key. */
const MAPS_KEY_VARIABLE = "NEXT_PUBLIC_GOOGLE_MAPS_API_KEY";

export default async function SurveyPage() {
  await connection();
  const mapsApiKey = process.env[MAPS_KEY_VARIABLE]?.trim() || undefined;
  return (
    <>
      <JsonLd data={breadcrumbJsonLd([{ name: "Connectivity Survey", path: routes.survey }])} />
      <PageHero
        title="Business Connectivity Interest Survey"
        intro="A few questions about how your business uses the internet and phones. It takes about three minutes, and we will follow up with recommendations."
      />
      <div className="container-page max-w-4xl py-14">
        <Card className="p-6 sm:p-8">
          <h2 className="mb-6 text-2xl font-bold text-slate-900">Connectivity Requirements</h2>
          <SurveyForm action={submitSurveyForm} mapsApiKey={mapsApiKey} />
        </Card>
      </div>
      <Toaster />
    </>
  );
}
