import { CircleCheck, TriangleAlert } from "lucide-react";
import { useId, useRef, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { buttonVariants } from "@/components/ui/button-variants";
import { FormField, inputClass } from "@/components/ui/form-field";
import { HoneypotField } from "@/components/ui/honeypot-field";
import { cn } from "@/lib/cn";
import { toast } from "@/lib/toast-store";
import { storedTouches } from "@/lib/attribution/touch-storage";
import { FORM_REFERRER_FIELD } from "@/lib/attribution/visit-signals";
import { SURVEY_HONEYPOT_FIELD } from "@/lib/validation/honeypot-fields";
import { lazyResolver } from "@/lib/validation/lazy-resolver";
import { surveyDefaults } from "@/lib/validation/survey-defaults";
import { surveyServices } from "@/lib/validation/survey-services";
import { routes } from "@/lib/routes";
import { initialSurveyFormState, type SurveyFormState } from "@/lib/form-post-state";
import { usePlacesAutocomplete } from "./use-places-autocomplete";

export const SURVEY_SUCCESS = {
  title: "Interest Survey Submitted",
  description: "Thank you for sharing your connectivity needs. Our team will contact you shortly.",
};
export const SURVEY_FAILURE = { title: "Error", description: "There was a problem submitting your survey. Please try again." };

/** What the inputs hold: number fields carry text until the schema coerces them. */
interface FormValues {
  businessName: string;
  email: string;
  phoneNumber: string;
  address: string;
  employeeCount: number | string;
  deviceCount: number | string;
  phoneCount: number | string;
  primaryInternetUse: string;
  usesStreaming: boolean;
  hasPublicWifi: boolean;
  interestedServices: string[];
  additionalComments: string;
  website?: string;
}

/** The §5 rules, shared with the endpoint; fetched on the form's first focus, not with the page. */
const surveyValidation = lazyResolver<FormValues>(async () => {
  const [{ zodResolver }, { surveySchema }] = await Promise.all([import("@hookform/resolvers/zod"), import("@/lib/validation/survey-schema")]);
  return zodResolver(surveySchema) as unknown as Resolver<FormValues>;
});

/**
 * §2/§4/§5 connectivity interest survey: idle → submitting → Thank You, or back to idle
 * on error. Without scripts it posts to its page, which renders it again with `serverState`.
 */
export function SurveyForm({ mapsApiKey, serverState = initialSurveyFormState }: { mapsApiKey?: string; serverState?: SurveyFormState }) {
  const [submitted, setSubmitted] = useState(false);
  const baseId = useId();
  // Values the server kept after a no-script submission with errors.
  const kept = { ...surveyDefaults, ...(serverState.values as Partial<FormValues> | undefined) };
  const form = useForm<FormValues>({ resolver: surveyValidation.resolver, defaultValues: kept });
  const { errors, isSubmitting } = form.formState;
  const addressRef = useRef<HTMLInputElement | null>(null);
  usePlacesAutocomplete(mapsApiKey, addressRef, (address) => form.setValue("address", address, { shouldValidate: true }));

  const onValid = async (values: FormValues) => {
    try {
      const response = await fetch("/api/survey", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        credentials: "same-origin",
        // Where the visitor came from, as this browser kept it (docs/attribution.md).
        body: JSON.stringify({ ...values, ...storedTouches() }),
      });
      if (!response.ok) throw new Error(`${response.status}`);
      toast(SURVEY_SUCCESS);
      form.reset(surveyDefaults);
      setSubmitted(true);
    } catch {
      toast({ ...SURVEY_FAILURE, variant: "destructive" });
    }
  };

  if (submitted || serverState.status === "success") {
    return (
      <div role="status" className="flex flex-col items-center py-10 text-center">
        <CircleCheck aria-hidden="true" className="size-14 text-green-600" />
        <h2 className="mt-4 text-2xl font-bold text-slate-900">Thank You!</h2>
        <p className="mt-2 max-w-md text-slate-600">{SURVEY_SUCCESS.description}</p>
        {submitted ? (
          <Button size="lg" className="mt-8" onClick={() => setSubmitted(false)}>
            Submit Another Interest Form
          </Button>
        ) : (
          <a href={routes.survey} className={buttonVariants({ size: "lg", className: "mt-8" })}>
            Submit Another Interest Form
          </a>
        )}
      </div>
    );
  }

  const id = (field: string) => `${baseId}-${field}`;
  const err = (field: keyof FormValues) => (errors[field]?.message as string | undefined) ?? serverState.fields?.[field];
  const addressRegistration = form.register("address");
  // defaultValue puts the value in the server HTML too, for visitors without scripts.
  const textField = (name: "businessName" | "email" | "phoneNumber" | "employeeCount" | "deviceCount" | "phoneCount" | "primaryInternetUse" | "additionalComments") => ({
    ...form.register(name),
    defaultValue: String(kept[name] ?? ""),
  });

  return (
    <form method="post" onSubmit={form.handleSubmit(onValid)} onFocus={surveyValidation.preload} noValidate className="relative grid gap-8" aria-label="Connectivity survey">
      {serverState.status === "failed" && (
        <div role="alert" className="flex gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>
            <strong className="block">{SURVEY_FAILURE.title}</strong>
            {SURVEY_FAILURE.description}
          </p>
        </div>
      )}
      <fieldset className="grid gap-5">
        <legend className="mb-4 text-lg font-semibold text-slate-900">Business information</legend>
        <FormField id={id("businessName")} label="Business Name" error={err("businessName")}>
          {(control) => <input {...control} {...textField("businessName")} type="text" autoComplete="organization" placeholder="Your business name" className={inputClass} />}
        </FormField>
        <div className="grid gap-5 md:grid-cols-2">
          <FormField id={id("email")} label="Email" error={err("email")}>
            {(control) => <input {...control} {...textField("email")} type="email" autoComplete="email" inputMode="email" placeholder="you@business.com" className={inputClass} />}
          </FormField>
          <FormField id={id("phoneNumber")} label="Phone Number" error={err("phoneNumber")}>
            {(control) => <input {...control} {...textField("phoneNumber")} type="tel" autoComplete="tel" inputMode="tel" placeholder="(864) 555-0100" className={inputClass} />}
          </FormField>
        </div>
        <FormField id={id("address")} label="Business Address" error={err("address")} hint={mapsApiKey ? "Start typing to see address suggestions." : undefined}>
          {(control) => (
            <input
              {...control}
              {...addressRegistration}
              defaultValue={kept.address}
              ref={(element) => {
                addressRegistration.ref(element);
                addressRef.current = element;
              }}
              type="text"
              autoComplete="address-line1"
              placeholder="Street, city, state, ZIP"
              className={inputClass}
            />
          )}
        </FormField>
      </fieldset>

      <fieldset className="grid gap-5">
        <legend className="mb-4 text-lg font-semibold text-slate-900">Internet usage</legend>
        <div className="grid gap-5 sm:grid-cols-3">
          <FormField id={id("employeeCount")} label="Number of Employees" error={err("employeeCount")}>
            {(control) => <input {...control} {...textField("employeeCount")} type="number" inputMode="numeric" min={1} step={1} className={inputClass} />}
          </FormField>
          <FormField id={id("deviceCount")} label="Connected Devices" error={err("deviceCount")}>
            {(control) => <input {...control} {...textField("deviceCount")} type="number" inputMode="numeric" min={0} step={1} className={inputClass} />}
          </FormField>
          <FormField id={id("phoneCount")} label="Phone Lines Needed" error={err("phoneCount")}>
            {(control) => <input {...control} {...textField("phoneCount")} type="number" inputMode="numeric" min={0} step={1} className={inputClass} />}
          </FormField>
        </div>
        <FormField id={id("primaryInternetUse")} label="Primary Internet Use" error={err("primaryInternetUse")}>
          {(control) => (
            <input
              {...control}
              {...textField("primaryInternetUse")}
              type="text"
              placeholder="e.g. card payments, video calls, cloud software"
              className={inputClass}
            />
          )}
        </FormField>
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="flex min-h-11 items-center gap-3 rounded-md border border-slate-300 px-3">
            <input type="checkbox" {...form.register("usesStreaming")} defaultChecked={Boolean(kept.usesStreaming)} className="size-5 accent-brand-700" />
            <span className="text-sm text-slate-800">We stream video or music</span>
          </label>
          <label className="flex min-h-11 items-center gap-3 rounded-md border border-slate-300 px-3">
            <input type="checkbox" {...form.register("hasPublicWifi")} defaultChecked={Boolean(kept.hasPublicWifi)} className="size-5 accent-brand-700" />
            <span className="text-sm text-slate-800">We offer public WiFi to customers</span>
          </label>
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-4 text-lg font-semibold text-slate-900">Services you are interested in</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {surveyServices.map((service) => (
            <label key={service.value} className="flex min-h-11 items-center gap-3 rounded-md border border-slate-300 px-3">
              <input type="checkbox" value={service.value} {...form.register("interestedServices")} defaultChecked={kept.interestedServices.includes(service.value)} className="size-5 accent-brand-700" />
              <span className="text-sm text-slate-800">{service.label}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <FormField id={id("additionalComments")} label="Additional Comments" error={err("additionalComments")}>
        {(control) => (
          <textarea
            {...control}
            {...textField("additionalComments")}
            rows={4}
            placeholder="Anything else we should know? Current provider, problems, timelines..."
            className={cn(inputClass, "min-h-[120px] resize-y")}
          />
        )}
      </FormField>
      {/* For the no-script post: the other site this page was opened from (docs/attribution.md). */}
      {serverState.visitReferrer && <input type="hidden" name={FORM_REFERRER_FIELD} value={serverState.visitReferrer} />}
      <HoneypotField name={SURVEY_HONEYPOT_FIELD} register={form.register(SURVEY_HONEYPOT_FIELD)} />
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto sm:justify-self-start">
        {isSubmitting ? "Submitting..." : "Submit Survey"}
      </Button>
    </form>
  );
}
