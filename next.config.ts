import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // better-sqlite3 is a native addon: it must be required at run time, not bundled.
  serverExternalPackages: ["better-sqlite3"],
};

export default nextConfig;
