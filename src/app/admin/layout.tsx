import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { AdminProviders } from "@/components/admin/admin-providers";

/** The back office: no site header or footer, and never indexed. */
export const metadata: Metadata = {
  robots: { index: false, follow: false },
};

export default async function AdminLayout({ children }: { children: ReactNode }) {
  // Rendered per request so every admin page gets its own CSP script nonce (src/proxy.ts).
  await connection();
  return (
    <AdminProviders>
      <main id="main" className="flex-1 bg-slate-50">
        {children}
      </main>
    </AdminProviders>
  );
}
