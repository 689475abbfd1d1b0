import { Award, MapPin } from "lucide-react";
import { aboutMission, aboutStory, aboutValues, certifications } from "@/content/about";
import { site } from "@/content/site";
import { routes } from "@/lib/routes";
import { ButtonLink } from "@/components/ui/button-link";
import { Card } from "@/components/ui/card";
import { ContentIcon } from "@/components/ui/content-icon";

/** §3 About: the story beside the mission. */
export function AboutStory() {
  return (
    <div className="container-page grid gap-12 py-16 lg:grid-cols-[1fr_22rem]">
      <section aria-labelledby="story-title">
        <h2 id="story-title" className="text-2xl font-bold text-slate-900">
          Our Story
        </h2>
        <div className="mt-4 max-w-prose space-y-4 text-lg leading-8 text-slate-700">
          {aboutStory.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </section>
      <Card tone="tinted" className="h-fit p-6">
        <h2 className="text-lg font-semibold text-slate-900">Our Mission</h2>
        <p className="mt-2 leading-7 text-slate-700">{aboutMission}</p>
      </Card>
    </div>
  );
}

export function AboutValues() {
  return (
    <section aria-labelledby="values-title" className="bg-slate-50 py-16">
      <div className="container-page">
        <h2 id="values-title" className="text-2xl font-bold text-slate-900">
          Our Values
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {aboutValues.map((value) => (
            <li key={value.title}>
              <Card className="h-full p-6">
                <ContentIcon name={value.icon} className="text-brand-700" />
                <h3 className="mt-3 font-semibold text-slate-900">{value.title}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600">{value.description}</p>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Certifications beside the service areas, which end with the contact button. */
export function AboutCredentials() {
  return (
    <div className="container-page grid gap-12 py-16 lg:grid-cols-2">
      <section aria-labelledby="certs-title">
        <h2 id="certs-title" className="text-2xl font-bold text-slate-900">
          Certifications
        </h2>
        <ul className="mt-6 space-y-3">
          {certifications.map((cert) => (
            <li key={cert.name} className="flex items-start gap-3 rounded-lg border border-border p-4">
              <Award aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
              <span>
                <span className="block font-medium text-slate-900">{cert.name}</span>
                <span className="text-sm text-slate-600">{cert.issuer}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="areas-title">
        <h2 id="areas-title" className="text-2xl font-bold text-slate-900">
          Service Areas
        </h2>
        <ul className="mt-6 space-y-4">
          {site.serviceAreas.map((area) => (
            <li key={area.stateCode} className="flex items-start gap-3">
              <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
              <span>
                <span className="block font-medium text-slate-900">{area.state}</span>
                <span className="text-slate-600">{area.cities.join(", ")}</span>
              </span>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-slate-600">{site.nationwideEventNote}</p>
        <ButtonLink href={routes.contact()} size="lg" className="mt-8">
          Contact Our Team
        </ButtonLink>
      </section>
    </div>
  );
}
