import { ADMIN_USER_TOKENS_ROUTE } from "@/lib/admin/user-tokens";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { GET } = routeHandlers(ADMIN_USER_TOKENS_ROUTE);
