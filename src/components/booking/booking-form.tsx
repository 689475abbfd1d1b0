import { TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FormField, inputClass } from "@/components/ui/form-field";
import { HoneypotField } from "@/components/ui/honeypot-field";
import { services } from "@/content/services";
import { BOOKING_HONEYPOT_FIELD } from "@/lib/booking/booking-schema";
import type { BookingFormValues, DayView } from "@/lib/booking/booking-view";
import type { FieldErrors } from "@/lib/field-errors";
import { cn } from "@/lib/cn";
import { SlotPicker } from "./slot-picker";

/**
 * The /book form: a plain HTML form that posts to the page, so it works the same with and
 * without scripts; the endpoint checks it with the shared booking schema.
 */
export function BookingForm({ days, day, values, errors = {}, message }: { days: DayView[]; day: string | null; values: BookingFormValues; errors?: FieldErrors; message?: string }) {
  return (
    <form method="post" className="relative grid gap-6" aria-label="Book a consultation">
      {message && (
        <div role="alert" className="flex gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>{message}</p>
        </div>
      )}
      <SlotPicker days={days} day={day} selected={values.start} error={errors.start} dayHref={(date) => `?day=${date}`} />
      <div className="grid gap-5 md:grid-cols-2">
        <FormField id="name" label="Name" error={errors.name}>
          {(control) => <input {...control} name="name" defaultValue={values.name} type="text" autoComplete="name" required className={inputClass} />}
        </FormField>
        <FormField id="business" label="Business (optional)" error={errors.business}>
          {(control) => <input {...control} name="business" defaultValue={values.business} type="text" autoComplete="organization" className={inputClass} />}
        </FormField>
        <FormField id="email" label="Email" error={errors.email}>
          {(control) => <input {...control} name="email" defaultValue={values.email} type="email" autoComplete="email" required className={inputClass} />}
        </FormField>
        <FormField id="phone" label="Phone" hint="We call you at this number." error={errors.phone}>
          {(control) => <input {...control} name="phone" defaultValue={values.phone} type="tel" autoComplete="tel" required className={inputClass} />}
        </FormField>
      </div>
      <FormField id="service" label="What is it about?" error={errors.service}>
        {(control) => (
          <select {...control} name="service" defaultValue={values.service ?? ""} required className={cn(inputClass, "appearance-auto")}>
            <option value="" disabled>
              Choose a service
            </option>
            {services.map((service) => (
              <option key={service.slug} value={service.slug}>
                {service.title}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id="note" label="Anything we should know? (optional)" error={errors.note}>
        {(control) => <textarea {...control} name="note" defaultValue={values.note} rows={3} className={inputClass} />}
      </FormField>
      <HoneypotField name={BOOKING_HONEYPOT_FIELD} />
      <Button type="submit" size="lg" disabled={days.length === 0}>
        Book the consultation
      </Button>
    </form>
  );
}
