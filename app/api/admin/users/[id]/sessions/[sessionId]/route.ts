import { ADMIN_USER_SESSION_DELETE_ROUTE } from "@/lib/admin/routes";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { DELETE } = routeHandlers(ADMIN_USER_SESSION_DELETE_ROUTE);
