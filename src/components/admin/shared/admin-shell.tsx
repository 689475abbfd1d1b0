import type { ReactNode } from "react";
import { WaitingToSend } from "../pwa/waiting-to-send";
import { AdminNav } from "./admin-nav";
import { DeskKeys } from "./desk-keys";
import { type AdminPageProps, AdminRoot } from "./admin-root";

/**
 * The frame of every signed-in screen: the admin bar and the content. The page has
 * checked the session on the server before rendering it (src/layouts/admin-page.ts).
 * `current` is the path of the nav entry this screen belongs to.
 */
export function AdminShell({ styleNonce, current, children }: AdminPageProps & { current: string; children: ReactNode }) {
  return (
    <AdminRoot styleNonce={styleNonce}>
      <AdminNav current={current} />
      <DeskKeys />
      <WaitingToSend />
      {/* Room under the content for the phone's tab bar (61 px and the home indicator). */}
      <div className="container-page pt-6 pb-24 sm:py-10">{children}</div>
    </AdminRoot>
  );
}
