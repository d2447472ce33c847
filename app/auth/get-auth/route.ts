import { routeHandlers } from "@/lib/runtime/next-adapter";

// The hottest path, as a static route: Next resolves a static route faster than the catch-all
// beside it (app/auth/[...path]), which serves the rest of the API the same way.
export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("path");
