import type { NextConfig } from "next";
import { securityHeaderRules } from "./src/lib/security/security-headers";

const nextConfig: NextConfig = {
  // A second build directory lets a test run build while another build is in use.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  poweredByHeader: false,
  // `npm test` type-checks the whole project (app, tests, scripts) with tsc first;
  // checking again inside every build would only repeat that work.
  typescript: { ignoreBuildErrors: true },
  reactStrictMode: true,
  // better-sqlite3 is a native addon: it must be required at run time, not bundled.
  serverExternalPackages: ["better-sqlite3"],
  // Pages and API answers get their security headers here (src/proxy.ts replaces the
  // policy where a page has a nonce); build assets get the ones that matter for them.
  async headers() {
    return [
      ...securityHeaderRules(),
      {
        source: "/_next/static/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "Cross-Origin-Resource-Policy", value: "same-origin" },
        ],
      },
    ];
  },
};

export default nextConfig;
