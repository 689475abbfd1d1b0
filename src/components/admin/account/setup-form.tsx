import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField, inputClass } from "@/components/ui/form-field";
import { adminApi, ApiError, apiRequest } from "@/lib/admin-api";
import { setupLinkMessages, type SetupLinkState } from "@/lib/admin-setup-link";
import { routes } from "@/lib/routes";
import { toast, toastOnNextPage } from "@/lib/toast-store";
import { adminSetupSchema, type AdminSetupData } from "@/lib/validation/admin-setup-schema";
import { LIMITS } from "@/lib/validation/limits";
import { showServerFieldErrors } from "./server-form-errors";

export const SETUP_DONE = { title: "Password saved", description: "You are signed in. Use this password from now on." };
const SETUP_FAILED = { title: "Error", description: "The password could not be saved. Please try again." };

const unusable = new Set<string>(Object.keys(setupLinkMessages));

/** The new password, twice; the link's token rides along. Success signs this browser in. */
export function SetupForm({ token, onUnusable }: { token: string; onUnusable: (state: SetupLinkState) => void }) {
  const baseId = useId();
  const [redirecting, setRedirecting] = useState(false);
  const form = useForm<AdminSetupData>({
    resolver: zodResolver(adminSetupSchema),
    defaultValues: { token, newPassword: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const busy = isSubmitting || redirecting;

  const onValid = async (values: AdminSetupData) => {
    try {
      await apiRequest("POST", adminApi.setup, values);
    } catch (error) {
      if (showServerFieldErrors(form, error, ["newPassword", "confirmPassword"])) return;
      const state = error instanceof ApiError ? error.json()?.state : undefined;
      if (state && unusable.has(state)) onUnusable(state as SetupLinkState);
      else toast({ ...SETUP_FAILED, variant: "destructive" });
      return;
    }
    setRedirecting(true);
    toastOnNextPage(SETUP_DONE);
    // Replace the link in the history: Back must not lead to a spent token.
    window.location.replace(routes.adminSurveys);
  };

  return (
    <form method="post" onSubmit={form.handleSubmit(onValid)} noValidate aria-label="Choose the admin password" className="grid gap-5">
      <FormField id={`${baseId}-new`} label="New password" hint={`At least ${LIMITS.newPasswordMin} characters.`} error={errors.newPassword?.message}>
        {(control) => <input {...control} {...form.register("newPassword")} type="password" autoComplete="new-password" className={inputClass} />}
      </FormField>
      <FormField id={`${baseId}-confirm`} label="Confirm new password" error={errors.confirmPassword?.message}>
        {(control) => <input {...control} {...form.register("confirmPassword")} type="password" autoComplete="new-password" className={inputClass} />}
      </FormField>
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {busy ? "Saving..." : "Save password and sign in"}
      </Button>
    </form>
  );
}
