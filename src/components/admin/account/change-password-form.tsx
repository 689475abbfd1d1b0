import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField, inputClass } from "@/components/ui/form-field";
import { adminApi, ApiError, apiRequest } from "@/lib/admin-api";
import { toast } from "@/lib/toast-store";
import { changePasswordSchema, type ChangePasswordData } from "@/lib/validation/change-password-schema";
import { LIMITS } from "@/lib/validation/limits";
import { showServerFieldErrors } from "./server-form-errors";

export const PASSWORD_CHANGED = { title: "Password changed", description: "Every other browser has been signed out." };
const TOO_MANY_ATTEMPTS = { title: "Too many attempts", description: "Wait a few minutes before trying your current password again." };
const CHANGE_FAILED = { title: "Error", description: "The password could not be changed. Please try again." };

/** The current password, a new one (twice). On success this browser stays signed in. */
export function ChangePasswordForm() {
  const queryClient = useQueryClient();
  // The guard's auth check, already in the cache: it names the signed-in user.
  const auth = useQuery<{ username: string }>({ queryKey: [adminApi.checkAuth], enabled: false });
  const baseId = useId();
  const form = useForm<ChangePasswordData>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onValid = async (values: ChangePasswordData) => {
    try {
      await apiRequest("POST", adminApi.accountPassword, values);
    } catch (error) {
      if (showServerFieldErrors(form, error, ["currentPassword", "newPassword", "confirmPassword"])) return;
      const tooMany = error instanceof ApiError && error.status === 429;
      toast({ ...(tooMany ? TOO_MANY_ATTEMPTS : CHANGE_FAILED), variant: "destructive" });
      return;
    }
    form.reset();
    toast(PASSWORD_CHANGED);
    await queryClient.invalidateQueries({ queryKey: [adminApi.accountSessions] });
  };

  return (
    <form method="post" onSubmit={form.handleSubmit(onValid)} noValidate aria-label="Change password" className="grid max-w-md gap-5">
      {/* Lets password managers file the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={auth.data?.username ?? ""} readOnly hidden />
      <FormField id={`${baseId}-current`} label="Current password" error={errors.currentPassword?.message}>
        {(control) => <input {...control} {...form.register("currentPassword")} type="password" autoComplete="current-password" className={inputClass} />}
      </FormField>
      <FormField
        id={`${baseId}-new`}
        label="New password"
        hint={`At least ${LIMITS.newPasswordMin} characters.`}
        error={errors.newPassword?.message}
      >
        {(control) => <input {...control} {...form.register("newPassword")} type="password" autoComplete="new-password" className={inputClass} />}
      </FormField>
      <FormField id={`${baseId}-confirm`} label="Confirm new password" error={errors.confirmPassword?.message}>
        {(control) => <input {...control} {...form.register("confirmPassword")} type="password" autoComplete="new-password" className={inputClass} />}
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="justify-self-start">
        {isSubmitting ? "Changing password..." : "Change password"}
      </Button>
    </form>
  );
}
