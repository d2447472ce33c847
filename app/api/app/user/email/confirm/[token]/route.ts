import { EMAIL_CHANGE_CONFIRM_ROUTE } from "@/lib/users/routes";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { GET } = routeHandlers(EMAIL_CHANGE_CONFIRM_ROUTE);
