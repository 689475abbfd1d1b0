import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { site } from "@/content/site";
import { Card } from "@/components/ui/card";

export function ContactInfo() {
  const items = [
    {
      icon: MapPin,
      title: "Location",
      body: (
        <a href={site.address.mapUrl} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline-offset-4 hover:underline">
          {site.address.display}
          <span className="sr-only"> (opens map in a new tab)</span>
        </a>
      ),
    },
    {
      icon: Phone,
      title: "Phone",
      body: (
        <a href={site.phone.href} className="text-brand-700 underline-offset-4 hover:underline">
          {site.phone.display}
        </a>
      ),
    },
    {
      icon: Mail,
      title: "Email",
      body: (
        <a href={`mailto:${site.email}`} className="break-all text-brand-700 underline-offset-4 hover:underline">
          {site.email}
        </a>
      ),
    },
    {
      icon: Clock,
      title: "Business Hours",
      body: (
        <>
          {site.hours.regular.weekdays}
          <br />
          {site.hours.regular.weekends}
        </>
      ),
    },
  ];

  return (
    <div className="space-y-6">
      <Card className="p-6">
        <h2 className="text-lg font-semibold text-slate-900">Get in touch</h2>
        <ul className="mt-4 space-y-5">
          {items.map(({ icon: Icon, title, body }) => (
            <li key={title} className="flex gap-3">
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div>
                <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
                <p className="mt-0.5 text-sm leading-6 text-slate-700">{body}</p>
              </div>
            </li>
          ))}
        </ul>
      </Card>
      <Card tone="tinted" className="p-6">
        <h2 className="text-lg font-semibold text-slate-900">Service Area</h2>
        <ul className="mt-3 space-y-2 text-sm text-slate-700">
          {site.contactPageAreas.map((area) => (
            <li key={area.stateCode}>
              <strong className="font-semibold text-slate-900">{area.stateCode}:</strong> {area.cities.join(", ")}
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-slate-700">{site.nationwideEventNote}</p>
      </Card>
    </div>
  );
}
