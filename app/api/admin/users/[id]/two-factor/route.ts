import { ADMIN_USER_TWO_FACTOR_RESET_ROUTE } from "@/lib/admin/routes";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { DELETE } = routeHandlers(ADMIN_USER_TWO_FACTOR_RESET_ROUTE);
