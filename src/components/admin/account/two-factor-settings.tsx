import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ShieldCheck, ShieldOff } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormField, inputClass } from "@/components/ui/form-field";
import { adminApi, apiRequest } from "@/lib/admin-api";
import { toast } from "@/lib/toast-store";
import {
  RECOVERY_CODE_COUNT,
  type TwoFactorDisableData,
  twoFactorDisableSchema,
  type TwoFactorEnableData,
  twoFactorEnableSchema,
} from "@/lib/validation/two-factor-schemas";
import { RecoveryCodes } from "./recovery-codes";
import { showServerErrors } from "./server-form-errors";

export type TwoFactorStatus = { enabled: boolean; enabledAt: string | null; recoveryCodesLeft: number };
type Enrolment = { secret: string; otpauthUri: string; qrCode: string; expiresAt: string };

const TITLE = "Two-step verification";

/** The key in groups of four, as authenticator apps accept it typed with or without spaces. */
const groupKey = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/**
 * The account's optional second factor: off (turn it on), setting up (scan the key, confirm
 * a code), the recovery codes once it is on, and on (turn it off).
 */
export function TwoFactorSettings() {
  const queryClient = useQueryClient();
  const headingId = useId();
  const status = useQuery<TwoFactorStatus>({ queryKey: [adminApi.twoFactor] });
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const setup = useMutation({
    mutationFn: async () => (await (await apiRequest("POST", adminApi.twoFactorSetup)).json()) as Enrolment,
    onSuccess: setEnrolment,
    onError: () => toast({ title: TITLE, description: "Could not start the setup. Please try again.", variant: "destructive" }),
  });
  const refreshStatus = () => queryClient.invalidateQueries({ queryKey: [adminApi.twoFactor] });

  let content;
  if (recoveryCodes) {
    content = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  } else if (status.isPending) {
    content = <p role="status" className="text-slate-700">Loading...</p>;
  } else if (status.isError) {
    content = <p className="text-slate-700">The state of two-step verification could not be loaded. Reload the page to try again.</p>;
  } else if (status.data.enabled) {
    content = (
      <EnabledState
        status={status.data}
        onDisabled={() => {
          toast({ title: "Two-step verification is off", description: "Signing in now needs only your password." });
          void refreshStatus();
        }}
      />
    );
  } else if (enrolment) {
    content = (
      <EnrolmentForm
        enrolment={enrolment}
        onCancel={() => setEnrolment(null)}
        onEnabled={(codes) => {
          setEnrolment(null);
          setRecoveryCodes(codes);
          toast({ title: "Two-step verification is on", description: "Every other browser has been signed out. Save your recovery codes now." });
          void refreshStatus();
        }}
      />
    );
  } else {
    content = (
      <>
        <p className="text-slate-700">
          <strong className="font-semibold text-slate-900">Off.</strong> Turn it on to ask for a code from an authenticator app on your phone
          (Google Authenticator, Microsoft Authenticator, 1Password, Authy or any other) after your password, so a stolen password alone cannot
          open the back office.
        </p>
        <Button className="mt-4" disabled={setup.isPending} onClick={() => setup.mutate()}>
          <ShieldCheck aria-hidden="true" />
          {setup.isPending ? "Starting..." : "Turn on two-step verification"}
        </Button>
      </>
    );
  }

  return (
    <Card className="p-6 sm:p-8">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="mb-3 text-xl font-semibold text-slate-900">
          {TITLE}
        </h2>
        {content}
      </section>
    </Card>
  );
}

function EnrolmentForm({ enrolment, onEnabled, onCancel }: { enrolment: Enrolment; onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const baseId = useId();
  const form = useForm<TwoFactorEnableData>({ resolver: zodResolver(twoFactorEnableSchema), defaultValues: { code: "", password: "" } });
  const { errors, isSubmitting } = form.formState;

  const onValid = async (values: TwoFactorEnableData) => {
    try {
      const response = await apiRequest("POST", adminApi.twoFactorEnable, values);
      const { recoveryCodes } = (await response.json()) as { recoveryCodes: string[] };
      onEnabled(recoveryCodes);
    } catch (error) {
      showServerErrors(form, error, TITLE);
    }
  };

  return (
    <div className="grid gap-5">
      <ol className="grid list-decimal gap-4 pl-5 text-slate-700">
        <li>
          Open your authenticator app, add an account and scan this QR code.
          <img src={enrolment.qrCode} alt="QR code with the key for your authenticator app" width={200} height={200} className="mt-3 block size-50 rounded-md border border-border" />
          <p className="mt-3">
            Can&rsquo;t scan it? Enter this key instead:{" "}
            <code data-testid="two-factor-key" className="rounded bg-muted px-2 py-1 font-mono text-sm break-all text-slate-900">
              {groupKey(enrolment.secret)}
            </code>
          </p>
        </li>
        <li>Enter the 6-digit code the app now shows, and your current password.</li>
      </ol>
      <form method="post" onSubmit={form.handleSubmit(onValid)} noValidate aria-label="Turn on two-step verification" className="grid max-w-sm gap-5">
        <FormField id={`${baseId}-code`} label="Code from the app" error={errors.code?.message}>
          {(control) => (
            <input {...control} {...form.register("code")} type="text" inputMode="numeric" autoComplete="one-time-code" spellCheck={false} className={inputClass} />
          )}
        </FormField>
        <FormField id={`${baseId}-password`} label="Current password" error={errors.password?.message}>
          {(control) => <input {...control} {...form.register("password")} type="password" autoComplete="current-password" className={inputClass} />}
        </FormField>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Turning on..." : "Turn on"}
          </Button>
          <Button variant="outline" disabled={isSubmitting} onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

function EnabledState({ status, onDisabled }: { status: TwoFactorStatus; onDisabled: () => void }) {
  const baseId = useId();
  const form = useForm<TwoFactorDisableData>({ resolver: zodResolver(twoFactorDisableSchema), defaultValues: { password: "", code: "" } });
  const { errors, isSubmitting } = form.formState;
  const since = status.enabledAt ? new Date(status.enabledAt).toLocaleDateString(undefined, { dateStyle: "long" }) : undefined;

  const onValid = async (values: TwoFactorDisableData) => {
    try {
      await apiRequest("POST", adminApi.twoFactorDisable, values);
      onDisabled();
    } catch (error) {
      showServerErrors(form, error, TITLE);
    }
  };

  return (
    <div className="grid gap-5">
      <p className="text-slate-700">
        <strong className="font-semibold text-slate-900">On{since ? ` since ${since}` : ""}.</strong> Signing in asks for a code from your
        authenticator app after your password. {status.recoveryCodesLeft} of {RECOVERY_CODE_COUNT} recovery codes left
        {status.recoveryCodesLeft <= 3 ? ": when they run out, turn two-step verification off and on again for new ones." : "."}
      </p>
      <form method="post" onSubmit={form.handleSubmit(onValid)} noValidate aria-label="Turn off two-step verification" className="grid max-w-sm gap-5">
        <h3 className="font-semibold text-slate-900">Turn it off</h3>
        <FormField id={`${baseId}-password`} label="Current password" error={errors.password?.message}>
          {(control) => <input {...control} {...form.register("password")} type="password" autoComplete="current-password" className={inputClass} />}
        </FormField>
        <FormField id={`${baseId}-code`} label="Code from the app, or a recovery code" error={errors.code?.message}>
          {(control) => <input {...control} {...form.register("code")} type="text" autoComplete="one-time-code" spellCheck={false} className={inputClass} />}
        </FormField>
        <div>
          <Button type="submit" variant="destructive" disabled={isSubmitting}>
            <ShieldOff aria-hidden="true" />
            {isSubmitting ? "Turning off..." : "Turn off two-step verification"}
          </Button>
        </div>
      </form>
    </div>
  );
}
