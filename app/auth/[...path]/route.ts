import { routeHandlers } from "@/lib/runtime/next-adapter";

// The API under the default prefix, served here without proxy.ts's rewrite (the hot path:
// get-auth, and every call with a bearer token). The pages of app/auth are more specific routes
// and win; the pipeline answers the rest, 404 and 405 included.
export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("path");
