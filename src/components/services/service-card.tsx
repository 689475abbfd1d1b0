import { ArrowRight, Check } from "lucide-react";
import type { Service } from "@/content/types";
import { routes } from "@/lib/routes";
import { Card } from "@/components/ui/card";
import { ContentIcon } from "@/components/ui/content-icon";

export function ServiceCard({ service }: { service: Service }) {
  return (
    <Card className="group relative flex h-full flex-col p-6">
      <span className="inline-flex size-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
        <ContentIcon name={service.icon} />
      </span>
      <h2 className="mt-4 text-xl font-semibold text-slate-900">{service.title}</h2>
      <p className="mt-2 text-sm leading-6 text-slate-600">{service.description}</p>
      <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
        {service.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
            {feature}
          </li>
        ))}
      </ul>
      <a
        href={service.learnMoreHref ?? routes.service(service.slug)}
        className="mt-6 inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 after:absolute after:inset-0 hover:text-brand-900"
      >
        Learn More<span className="sr-only"> about {service.title}</span>
        <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
      </a>
    </Card>
  );
}
