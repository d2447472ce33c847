import { EMAIL_CHANGE_CANCEL_ROUTE } from "@/lib/users/routes";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { POST } = routeHandlers(EMAIL_CHANGE_CANCEL_ROUTE);
