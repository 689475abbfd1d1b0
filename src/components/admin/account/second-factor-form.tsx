import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField, inputClass } from "@/components/ui/form-field";
import { adminApi, ApiError, apiRequest } from "@/lib/admin-api";
import { toast } from "@/lib/toast-store";
import { type SecondFactorLoginData, secondFactorLoginSchema } from "@/lib/validation/two-factor-schemas";
import { showServerErrors } from "./server-form-errors";

/**
 * The second step of signing in while two-step verification is on: the code from the app,
 * or a recovery code. A void or expired pending login sends the user back to the password.
 */
export function SecondFactorForm({ onSignedIn, onRestart }: { onSignedIn: () => void; onRestart: () => void }) {
  const baseId = useId();
  const [useRecovery, setUseRecovery] = useState(false);
  const form = useForm<SecondFactorLoginData>({ resolver: zodResolver(secondFactorLoginSchema), defaultValues: { code: "" } });
  const [signedIn, setSignedIn] = useState(false);
  const { errors, isSubmitting } = form.formState;
  const busy = isSubmitting || signedIn;

  const onValid = async (values: SecondFactorLoginData) => {
    try {
      await apiRequest("POST", adminApi.loginSecondFactor, values);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        toast({ title: "Sign in again", description: error.json()?.error ?? "Your sign-in has expired.", variant: "destructive" });
        onRestart();
        return;
      }
      showServerErrors(form, error, "Login Failed");
      return;
    }
    setSignedIn(true);
    onSignedIn();
  };

  const switchMode = () => {
    setUseRecovery((value) => !value);
    form.reset({ code: "" });
    form.setFocus("code");
  };

  return (
    <form method="post" onSubmit={form.handleSubmit(onValid)} noValidate aria-label="Two-step verification" className="grid gap-5">
      <p className="text-sm text-slate-700">
        {useRecovery
          ? "Enter one of the recovery codes you saved when you turned on two-step verification. Each works once."
          : "Open your authenticator app and enter the 6-digit code it shows for this site."}
      </p>
      <FormField id={`${baseId}-code`} label={useRecovery ? "Recovery code" : "Authentication code"} error={errors.code?.message}>
        {(control) => (
          <input
            {...control}
            {...form.register("code")}
            type="text"
            inputMode={useRecovery ? "text" : "numeric"}
            autoComplete={useRecovery ? "off" : "one-time-code"}
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            className={inputClass}
          />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {busy ? "Verifying..." : "Verify"}
      </Button>
      {/* The link buttons keep their padding (a 44 px tap target); the row gives it back so their text lines up with the field. */}
      <div className="-mx-4 flex flex-wrap justify-between gap-2 text-sm">
        <Button variant="link" onClick={switchMode}>
          {useRecovery ? "Use a code from your app" : "Use a recovery code"}
        </Button>
        <Button variant="link" onClick={onRestart}>
          Start over
        </Button>
      </div>
    </form>
  );
}
