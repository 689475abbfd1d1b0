import { QueryClientProvider } from "@tanstack/react-query";
import { setNonce } from "get-nonce";
import { type ReactNode, useEffect, useState } from "react";
import { Toaster } from "@/components/ui/toaster";
import { createAdminQueryClient } from "@/lib/admin-api";
import { showToastFromPreviousPage } from "@/lib/toast-store";

/** What every back-office page hands its island (see src/layouts/admin-page.ts). */
export interface AdminPageProps {
  /**
   * The page's CSP nonce for the <style> element Radix adds to lock scrolling while a
   * dialog or menu is open (Radix reads it through get-nonce).
   */
  styleNonce: string;
}

/**
 * The root of every back-office island: one query cache (§7), the toasts, and a toast
 * handed over from the page before (signing in says so on the screen it lands on).
 */
export function AdminRoot({ styleNonce, children }: AdminPageProps & { children: ReactNode }) {
  const [queryClient] = useState(createAdminQueryClient);

  useEffect(() => setNonce(styleNonce), [styleNonce]);
  useEffect(showToastFromPreviousPage, []);

  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
