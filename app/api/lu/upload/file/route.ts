import { UPLOAD_FILE_ROUTE } from "@/lib/uploads/routes";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { POST } = routeHandlers(UPLOAD_FILE_ROUTE);
