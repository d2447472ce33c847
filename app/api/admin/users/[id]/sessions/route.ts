import { ADMIN_USER_SESSIONS_ROUTE } from "@/lib/admin/routes";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { GET } = routeHandlers(ADMIN_USER_SESSIONS_ROUTE);
