import { ADMIN_USERS_ROUTE } from "@/lib/admin/routes";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { GET } = routeHandlers(ADMIN_USERS_ROUTE);
