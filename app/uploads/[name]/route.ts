import { UPLOAD_SHOW_ROUTE } from "@/lib/uploads/routes";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { GET } = routeHandlers(UPLOAD_SHOW_ROUTE);
