import { PROTECTED_RESOURCE_ROUTE } from "@/lib/oauth/routes";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { GET } = routeHandlers(PROTECTED_RESOURCE_ROUTE);
