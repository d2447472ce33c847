import { routeHandlers } from "@/lib/runtime/next-adapter";

// The API paths no route file serves (another prefix, a POST to a page's path) arrive here
// through proxy.ts's rewrite; the pipeline decides everything else.
export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } =
  routeHandlers("rewritten");
