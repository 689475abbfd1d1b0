import { ArrowRight, MapPin } from "lucide-react";
import { site } from "@/content/site";
import { routes } from "@/lib/routes";
import { ButtonLink } from "@/components/ui/button-link";
import { DiscoverMoreLink } from "./discover-more-link";

export function HomeHero({ nextSectionId }: { nextSectionId: string }) {
  return (
    <section className="relative isolate overflow-hidden bg-brand-950 text-white">
      {/* Ridge lines drawn in CSS/SVG: the hero needs no photo, so its text is the first paint. */}
      <svg aria-hidden="true" viewBox="0 0 1440 320" preserveAspectRatio="none" className="absolute inset-x-0 bottom-0 -z-10 h-48 w-full sm:h-64">
        <path d="M0 240 L180 150 L320 210 L520 90 L700 190 L880 120 L1080 220 L1260 140 L1440 200 V320 H0 Z" className="fill-brand-900" />
        <path d="M0 280 L220 210 L420 260 L640 180 L860 250 L1040 200 L1240 270 L1440 230 V320 H0 Z" className="fill-brand-800/70" />
      </svg>
      <div className="absolute inset-0 -z-20 bg-[radial-gradient(circle_at_20%_20%,rgba(52,127,240,0.35),transparent_55%)]" aria-hidden="true" />
      <div className="container-page flex min-h-[calc(100svh-4rem)] flex-col justify-center py-16 sm:py-24">
        <p className="inline-flex items-center gap-2 text-sm font-semibold tracking-wide text-accent-400 uppercase">
          <MapPin aria-hidden="true" className="size-4" />
          {site.regionName} · {site.founding.elsewhere}
        </p>
        <h1 className="mt-4 max-w-4xl text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">{site.tagline}</h1>
        <p className="mt-6 max-w-2xl text-lg leading-8 text-brand-100">
          Managed internet with failover, SD-WAN, VoIP phones, security cameras, cabling, IT support, websites and
          temporary event internet: one local team that designs it, installs it and answers when you call.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink href={routes.contact()} size="lg" className="bg-accent-400 text-brand-950 hover:bg-accent-500">
            Get Started Today
          </ButtonLink>
          <ButtonLink href={routes.services} size="lg" variant="outline" className="border-white/70 bg-transparent text-white hover:bg-white/10">
            Explore Services →
          </ButtonLink>
        </div>
        <p className="mt-6 text-sm text-brand-100">
          Greenville-area business?{" "}
          <a href={routes.greenvilleVoip} className="inline-flex min-h-11 items-center gap-1 font-semibold text-white underline underline-offset-4 hover:text-accent-400">
            See our Greenville VoIP phone systems
            <ArrowRight aria-hidden="true" className="size-4" />
          </a>
        </p>
        <div className="mt-10 flex justify-center sm:mt-16">
          <DiscoverMoreLink targetId={nextSectionId} />
        </div>
      </div>
    </section>
  );
}
