import type { NextConfig } from "next";
import { BASELINE_SECURITY_HEADERS } from "./lib/http/security-headers";

const nextConfig: NextConfig = {
  // A self-contained server in .next/standalone: Next's output tracing copies the files and the
  // node_modules it needs; scripts/standalone.mjs adds the rest (README "Deployment").
  output: "standalone",
  // What tracing cannot see: the migrations, read from disk at start, and bcrypt, loaded by the
  // hashing threads from source text (lib/auth/hashing-pool.ts).
  outputFileTracingIncludes: {
    "**": [
      "./db/migrations/**/*",
      "./node_modules/bcrypt/{package.json,bcrypt.js,promises.js,LICENSE}",
      "./node_modules/bcrypt/prebuilds/**/*",
      "./node_modules/node-gyp-build/**/*",
    ],
  },

  // Native and WASM packages are loaded by Node at run time, never bundled.
  serverExternalPackages: ["@electric-sql/pglite", "bcrypt", "postgres"],
  poweredByHeader: false,
  // `next build` type-checks the whole project, as `npm run typecheck` does. CI runs that in
  // another lane and sets NEXT_BUILD_SKIP_TYPECHECK=1, so the build (on the browser tests'
  // critical path) does not do it twice; every other build checks.
  typescript: {
    ignoreBuildErrors: process.env.NEXT_BUILD_SKIP_TYPECHECK === "1",
  },
  // The API speaks for itself (JSON or redirect); no trailing-slash redirects in front of it.
  skipTrailingSlashRedirect: true,
  // proxy.ts rewrites what no route file serves to the dispatcher on the request's own URL, the
  // address Next's router resolved it on; normalised, a loopback host would read "localhost" and
  // the rewrite look external (decision record 001). No `rewrites()` here: Next's route modules
  // recompile every configured rewrite's pattern on every request, a fifth of a bare route's time
  // (decision record 060).
  skipProxyUrlNormalize: true,
  // Next's own files and anything else no pipeline or proxy answers carry the baseline too;
  // screens and API answers add their policy (decision record 013).
  async headers() {
    return [
      {
        source: "/:path*",
        headers: Object.entries(BASELINE_SECURITY_HEADERS).map(
          ([key, value]) => ({ key, value }),
        ),
      },
    ];
  },
};

export default nextConfig;
