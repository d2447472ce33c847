import { USER_UPDATE_ROUTE } from "@/lib/users/routes";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { PUT } = routeHandlers(USER_UPDATE_ROUTE);
