import { ADMIN_ACTIVITY_ROUTE } from "@/lib/admin/routes";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { GET } = routeHandlers(ADMIN_ACTIVITY_ROUTE);
