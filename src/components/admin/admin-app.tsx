import { QueryClientProvider } from "@tanstack/react-query";
import { setNonce } from "get-nonce";
import { useEffect, useRef, useState } from "react";
import { Toaster } from "@/components/ui/toaster";
import { createAdminQueryClient } from "@/lib/admin-api";
import { pageTitle } from "@/lib/seo";
import { AccountPage } from "./account-page";
import { AdminShell } from "./admin-shell";
import { type AdminPage, adminPageAt, adminPageTitles } from "./admin-pages";
import { AdminPathProvider, useLocationPath } from "./admin-router";
import { ContactInbox } from "./contact-inbox";
import { LoginScreen } from "./login-screen";
import { SurveyInbox } from "./survey-inbox";

function Screen({ page }: { page: AdminPage }) {
  switch (page) {
    case "login":
      return <LoginScreen />;
    case "surveys":
      return (
        <AdminShell>
          <SurveyInbox />
        </AdminShell>
      );
    case "contacts":
      return (
        <AdminShell>
          <ContactInbox />
        </AdminShell>
      );
    case "account":
      return (
        <AdminShell>
          <AccountPage />
        </AdminShell>
      );
  }
}

/**
 * The back office, one island: its screens, one query cache for all of them (§7), and
 * the toasts. `path` is the screen the server rendered; later moves come from the router.
 * `styleNonce` is the page's CSP nonce for the <style> element Radix's dialog adds to
 * lock scrolling (it reads the nonce through get-nonce).
 */
export function AdminApp({ path, styleNonce }: { path: string; styleNonce: string }) {
  const [queryClient] = useState(createAdminQueryClient);
  const currentPath = useLocationPath(path);
  const page = adminPageAt(currentPath);
  const title = page ? pageTitle(adminPageTitles[page]) : "";
  const announcer = useRef<HTMLParagraphElement>(null);
  const shownPath = useRef(path);

  useEffect(() => setNonce(styleNonce), [styleNonce]);

  // A screen reached without a page load gets its title, read out as a new page would be.
  useEffect(() => {
    if (shownPath.current === currentPath) return;
    shownPath.current = currentPath;
    if (!page) {
      // Back or forward to an address this island has no screen for: let the server answer it.
      window.location.reload();
      return;
    }
    document.title = title;
    if (announcer.current) announcer.current.textContent = title;
  }, [currentPath, page, title]);

  return (
    <QueryClientProvider client={queryClient}>
      <AdminPathProvider value={currentPath}>{page && <Screen page={page} />}</AdminPathProvider>
      <Toaster />
      <p ref={announcer} aria-live="assertive" aria-atomic="true" className="sr-only" />
    </QueryClientProvider>
  );
}
