import { routeHandlers } from "@/lib/runtime/next-adapter";

// The OAuth server's endpoints (decision record 050; lib/oauth/routes.ts), served by their path
// like every host route: one matcher, one pipeline.
export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("path");
