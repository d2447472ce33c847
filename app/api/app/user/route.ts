import { USER_DELETE_ROUTE } from "@/lib/account/routes";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { DELETE } = routeHandlers(USER_DELETE_ROUTE);
