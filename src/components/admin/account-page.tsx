import { TwoFactorSettings } from "./two-factor-settings";

/** /admin/account: the owner's own account settings. */
export function AccountPage() {
  return (
    <>
      <h1 className="mb-6 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Account</h1>
      <div className="grid max-w-3xl gap-6">
        <TwoFactorSettings />
      </div>
    </>
  );
}
