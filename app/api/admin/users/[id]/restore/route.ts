import { ADMIN_USER_RESTORE_ROUTE } from "@/lib/admin/routes";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { POST } = routeHandlers(ADMIN_USER_RESTORE_ROUTE);
