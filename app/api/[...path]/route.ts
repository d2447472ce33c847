import { routeHandlers } from "@/lib/runtime/next-adapter";

// The host application's API (profile, uploads, administration; lib/runtime/routes.ts), served by
// its path like the auth actions: one matcher, one pipeline, its JSON 404 and 405. The route
// files beside it answer outside the pipeline: the benchmark's yardstick, the OpenAPI document
// and the social providers' list.
export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("path");
