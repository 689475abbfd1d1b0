import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormField, inputClass } from "@/components/ui/form-field";
import { adminApi, apiRequest } from "@/lib/admin-api";
import { cn } from "@/lib/cn";
import { basisPointsFromPercent, quoteSettingsSchema, type QuoteSettingsData } from "@/lib/quotes/quote-settings-schema";
import { QUOTE_TERMS_MAX } from "@/lib/quotes/quote-schema";
import { formatTaxRate } from "@/lib/quotes/quote-totals";
import { toast } from "@/lib/toast-store";
import { showServerErrors } from "../account/server-form-errors";
import { AuthRequired } from "../shared/auth-required";

export const QUOTE_SETTINGS_SAVED = { title: "Quote settings saved", description: "New quotes use them; quotes already made keep their own terms." };

/** /admin/quote-settings: the terms every new quote carries and the tax rate its lines start with (docs/quotes.md). */
export function QuoteSettingsScreen() {
  const settings = useQuery<QuoteSettingsData>({ queryKey: [adminApi.quoteSettings] });
  if (settings.isError) return <AuthRequired />;
  return (
    <div className="grid gap-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Quote settings</h1>
      {settings.isPending ? (
        <p role="status" className="py-10 text-center text-slate-700">
          Loading the quote settings...
        </p>
      ) : (
        <QuoteSettingsForm initial={settings.data} />
      )}
    </div>
  );
}

function QuoteSettingsForm({ initial }: { initial: QuoteSettingsData }) {
  const queryClient = useQueryClient();
  const baseId = useId();
  const form = useForm<QuoteSettingsData>({ resolver: zodResolver(quoteSettingsSchema), defaultValues: initial });
  const { errors, isSubmitting } = form.formState;

  const onValid = async (values: QuoteSettingsData) => {
    try {
      const saved = (await (await apiRequest("PUT", adminApi.quoteSettings, values)).json()) as QuoteSettingsData;
      queryClient.setQueryData([adminApi.quoteSettings], saved);
      form.reset(saved);
      toast(QUOTE_SETTINGS_SAVED);
    } catch (error) {
      showServerErrors(form, error, "Quote settings not saved");
    }
  };

  return (
    <form method="post" onSubmit={form.handleSubmit(onValid)} noValidate aria-label="Quote settings" className="grid gap-6">
      <Card className="grid gap-5 p-4 sm:p-6">
        <FormField
          id={`${baseId}-terms`}
          label="Terms"
          hint={`Shown on every new quote before the customer accepts it, and kept word for word with their acceptance. At most ${QUOTE_TERMS_MAX.toLocaleString("en-US")} characters.`}
          error={errors.terms?.message}
        >
          {(control) => <textarea {...control} {...form.register("terms")} rows={10} className={cn(inputClass, "min-h-48")} />}
        </FormField>
        <Controller
          control={form.control}
          name="taxRate"
          render={({ field }) => (
            <FormField id={`${baseId}-tax`} label="Default tax rate (%)" hint="New lines start with it; each line can still have its own. 0 for none." error={errors.taxRate?.message}>
              {(control) => (
                <input
                  {...control}
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  defaultValue={formatTaxRate(initial.taxRate).replace(" %", "")}
                  onChange={(event) => field.onChange(basisPointsFromPercent(event.target.value))}
                  inputMode="decimal"
                  autoComplete="off"
                  className={cn(inputClass, "max-w-40")}
                />
              )}
            </FormField>
          )}
        />
      </Card>
      <Button type="submit" disabled={isSubmitting} className="justify-self-start">
        {isSubmitting ? "Saving..." : "Save quote settings"}
      </Button>
    </form>
  );
}
