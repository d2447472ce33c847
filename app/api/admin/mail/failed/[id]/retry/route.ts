import { RETRY_MAIL } from "@/lib/operations/mail";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { POST } = routeHandlers(RETRY_MAIL);
