import { USER_DATA_EXPORT_ROUTE } from "@/lib/account/routes";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { GET } = routeHandlers(USER_DATA_EXPORT_ROUTE);
