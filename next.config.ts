import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native and WASM packages are loaded by Node at run time, never bundled.
  serverExternalPackages: ["@electric-sql/pglite", "bcrypt", "postgres"],
  poweredByHeader: false,
  // The API speaks for itself (JSON or redirect); no trailing-slash redirects in front of it.
  skipTrailingSlashRedirect: true,
};

export default nextConfig;
