import { CircleCheck, TriangleAlert } from "lucide-react";
import { useId } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField, inputClass } from "@/components/ui/form-field";
import { HoneypotField } from "@/components/ui/honeypot-field";
import { cn } from "@/lib/cn";
import { toast } from "@/lib/toast-store";
import { storedTouches } from "@/lib/attribution/touch-storage";
import { FORM_REFERRER_FIELD } from "@/lib/attribution/visit-signals";
import type { ContactRequestInput } from "@/lib/validation/contact-request-schema";
import { CONTACT_HONEYPOT_FIELD } from "@/lib/validation/honeypot-fields";
import { lazyResolver } from "@/lib/validation/lazy-resolver";
import { projectTypes, type ContactPreset, type ProjectType } from "@/lib/validation/project-types";
import { initialContactFormState, type ContactFormState } from "@/lib/form-post-state";

type FormValues = Omit<ContactRequestInput, "projectType"> & { projectType: ProjectType | "" };

export const CONTACT_SUCCESS = { title: "Message Sent", description: "Thank you for contacting us. We'll get back to you soon!" };
export const CONTACT_FAILURE = { title: "Error", description: "There was a problem sending your message. Please try again." };

/** The §5 rules, shared with the endpoint; fetched on the form's first focus, not with the page. */
const contactValidation = lazyResolver<FormValues>(async () => {
  const [{ zodResolver }, { contactRequestSchema }] = await Promise.all([import("@hookform/resolvers/zod"), import("@/lib/validation/contact-request-schema")]);
  // The form's select may hold "" (the placeholder); the schema rejects it with the §5 message.
  return zodResolver(contactRequestSchema) as unknown as Resolver<FormValues>;
});

/**
 * §2/§5 contact form. With scripts it validates in place and posts JSON to
 * /api/contact (§7); without them the same form posts to its page, which renders
 * it again with `serverState`: the confirmation, or the field errors and the values kept.
 */
export function ContactForm({
  emailPlaceholder,
  preset,
  serverState = initialContactFormState,
}: {
  emailPlaceholder: string;
  preset: { source: ContactPreset; projectType: ProjectType } | null;
  serverState?: ContactFormState;
}) {
  const baseId = useId();
  const kept = serverState.values ?? {};
  const defaults: FormValues = {
    name: kept.name ?? "",
    email: kept.email ?? "",
    phone: kept.phone ?? "",
    projectType: (kept.projectType as ProjectType | undefined) ?? preset?.projectType ?? "",
    message: kept.message ?? "",
    source: preset?.source,
  };
  const form = useForm<FormValues>({ resolver: contactValidation.resolver, defaultValues: defaults });
  const { errors, isSubmitting } = form.formState;

  const onValid = async (values: FormValues) => {
    try {
      const response = await fetch("/api/contact", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        credentials: "same-origin",
        // Where the visitor came from, as this browser kept it (docs/attribution.md).
        body: JSON.stringify({ ...values, ...storedTouches() }),
      });
      if (!response.ok) throw new Error(`${response.status}`);
      toast(CONTACT_SUCCESS);
      form.reset({ ...defaults, name: "", email: "", phone: "", message: "", projectType: preset?.projectType ?? "" });
    } catch {
      toast({ ...CONTACT_FAILURE, variant: "destructive" });
    }
  };

  const errorFor = (field: keyof FormValues) => errors[field]?.message ?? serverState.fields?.[field];
  const id = (field: string) => `${baseId}-${field}`;

  return (
    <form method="post" onSubmit={form.handleSubmit(onValid)} onFocus={contactValidation.preload} noValidate className="relative grid gap-5" aria-label="Contact form">
      {serverState.status === "success" && (
        <div role="status" className="flex gap-3 rounded-lg border border-green-300 bg-green-50 p-4 text-green-900">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>
            <strong className="block">{CONTACT_SUCCESS.title}</strong>
            {CONTACT_SUCCESS.description}
          </p>
        </div>
      )}
      {serverState.status === "failed" && (
        <div role="alert" className="flex gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>
            <strong className="block">{CONTACT_FAILURE.title}</strong>
            {CONTACT_FAILURE.description}
          </p>
        </div>
      )}
      <FormField id={id("name")} label="Your Name" error={errorFor("name")}>
        {(control) => (
          <input {...control} {...form.register("name")} defaultValue={defaults.name} type="text" autoComplete="name" placeholder="Full Name" className={inputClass} />
        )}
      </FormField>
      <div className="grid gap-5 md:grid-cols-2">
        <FormField id={id("email")} label="Email Address" error={errorFor("email")}>
          {(control) => (
            <input
              {...control}
              {...form.register("email")}
              defaultValue={defaults.email}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder={emailPlaceholder}
              className={inputClass}
            />
          )}
        </FormField>
        <FormField id={id("phone")} label="Phone Number" error={errorFor("phone")}>
          {(control) => (
            <input
              {...control}
              {...form.register("phone")}
              defaultValue={defaults.phone}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder="(864) 555-0100"
              className={inputClass}
            />
          )}
        </FormField>
      </div>
      <FormField id={id("projectType")} label="Project Type" error={errorFor("projectType")}>
        {(control) => (
          <select {...control} {...form.register("projectType")} defaultValue={defaults.projectType} className={cn(inputClass, "appearance-auto")}>
            <option value="" disabled>
              Select a service
            </option>
            {projectTypes.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id={id("message")} label="Your Message" error={errorFor("message")}>
        {(control) => (
          <textarea
            {...control}
            {...form.register("message")}
            defaultValue={defaults.message}
            rows={5}
            placeholder="Tell us about your project or inquiry..."
            className={cn(inputClass, "min-h-[120px] resize-y")}
          />
        )}
      </FormField>
      {preset && <input type="hidden" {...form.register("source")} value={preset.source} />}
      {/* For the no-script post: the other site this page was opened from (docs/attribution.md). */}
      {serverState.visitReferrer && <input type="hidden" name={FORM_REFERRER_FIELD} value={serverState.visitReferrer} />}
      <HoneypotField name={CONTACT_HONEYPOT_FIELD} register={form.register(CONTACT_HONEYPOT_FIELD)} />
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto sm:justify-self-start">
        {isSubmitting ? "Sending..." : "Send Message"}
      </Button>
    </form>
  );
}
