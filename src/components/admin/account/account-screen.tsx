import { AccountActivity } from "./account-activity";
import { ActiveSessions } from "./active-sessions";
import { ChangePasswordForm } from "./change-password-form";
import { AccountSection } from "./account-section";
import { PushDevices } from "./push-devices";
import { TwoFactorSettings } from "./two-factor-settings";

/** /admin/account: the owner's password, the browsers signed in to the back office, the devices notified of new leads, two-step verification, and the activity log. */
export function AccountScreen() {
  return (
    <div className="mx-auto grid max-w-3xl gap-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Account</h1>
      <AccountSection title="Change password" description="Changing the password signs out every other browser.">
        <ChangePasswordForm />
      </AccountSection>
      <AccountSection title="Active sessions" description="Browsers signed in to the back office. End any session you do not recognise.">
        <ActiveSessions />
      </AccountSection>
      <AccountSection title="New-lead notifications" description="Devices that show each new lead as a notification, even with the desk closed. The notification names the person, the service and the channel; never their e-mail address or phone.">
        <PushDevices />
      </AccountSection>
      <TwoFactorSettings />
      <AccountSection title="Activity" description="What was done in the back office, when, and from which browser. It never records a person's details.">
        <AccountActivity />
      </AccountSection>
    </div>
  );
}
