import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField, inputClass } from "@/components/ui/form-field";
import { adminApi, ApiError, apiRequest } from "@/lib/admin-api";
import { routes } from "@/lib/routes";
import { toast, toastOnNextPage } from "@/lib/toast-store";
import { safeAdminNext } from "@/lib/admin-next";
import { adminLoginSchema, type AdminLoginData } from "@/lib/validation/admin-login-schema";
import { SecondFactorForm } from "./second-factor-form";
import { waitInWords } from "./server-form-errors";

export const LOGIN_SUCCESS = { title: "Login Successful", description: "Welcome to the admin dashboard" };
export const LOGIN_FAILURE = { title: "Login Failed", description: "Invalid username or password." };

/** The 429 message: how long the server asked us to wait (Retry-After), in words. */
export function tooManyAttemptsText(retryAfterSeconds: number | undefined): string {
  return retryAfterSeconds === undefined
    ? "Too many login attempts. Please try again later."
    : `Too many login attempts. Please try again in ${waitInWords(retryAfterSeconds)}.`;
}

/**
 * What a failed login says. Wrong credentials and a lost network read the same (§8); a
 * limit says how long to wait, a refused device cookie says why (the server removed it), and
 * a busy server says so.
 */
function loginFailure(error: unknown): { title: string; description: string } {
  if (error instanceof ApiError && error.status === 429) return { title: LOGIN_FAILURE.title, description: tooManyAttemptsText(error.retryAfterSeconds) };
  // 400: a refused device cookie; 503: the site's budget of sign-ins is spent, or the database is away.
  const serverMessage = error instanceof ApiError && (error.status === 400 || error.status === 503) ? error.json()?.error : undefined;
  return serverMessage ? { title: LOGIN_FAILURE.title, description: serverMessage } : LOGIN_FAILURE;
}

/**
 * §2/§5/§8 admin login. With two-step verification on, a right password leads to the
 * code step.
 */
export function LoginForm() {
  const baseId = useId();
  const [redirecting, setRedirecting] = useState(false);
  const [askForCode, setAskForCode] = useState(false);
  const form = useForm<AdminLoginData>({
    resolver: zodResolver(adminLoginSchema),
    defaultValues: { username: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const busy = isSubmitting || redirecting;

  const signedIn = () => {
    setRedirecting(true);
    // §2: the survey inbox is where signing in lands, unless a link to a back-office page (a
    // push notification's, an e-mail's) brought the owner here; that page shows the toast.
    toastOnNextPage(LOGIN_SUCCESS);
    window.location.assign(safeAdminNext(new URLSearchParams(window.location.search).get("next")) ?? routes.adminSurveys);
  };

  const onValid = async (values: AdminLoginData) => {
    let answer: { secondFactorRequired?: boolean };
    try {
      answer = (await (await apiRequest("POST", adminApi.login, values)).json()) as typeof answer;
    } catch (error) {
      toast({ ...loginFailure(error), variant: "destructive" });
      return;
    }
    if (answer.secondFactorRequired) {
      setAskForCode(true);
      return;
    }
    signedIn();
  };

  if (askForCode) {
    return (
      <SecondFactorForm
        onSignedIn={signedIn}
        onRestart={() => {
          form.reset({ username: form.getValues("username"), password: "" });
          setAskForCode(false);
        }}
      />
    );
  }

  return (
    // method="post" keeps the password out of the URL if it is sent before scripts load.
    <form method="post" onSubmit={form.handleSubmit(onValid)} noValidate aria-label="Admin login" className="grid gap-5">
      <FormField id={`${baseId}-username`} label="Username" error={errors.username?.message}>
        {(control) => (
          <input {...control} {...form.register("username")} type="text" autoComplete="username" autoCapitalize="none" spellCheck={false} className={inputClass} />
        )}
      </FormField>
      <FormField id={`${baseId}-password`} label="Password" error={errors.password?.message}>
        {(control) => <input {...control} {...form.register("password")} type="password" autoComplete="current-password" className={inputClass} />}
      </FormField>
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {busy ? "Logging in..." : "Log In"}
      </Button>
    </form>
  );
}
