import { ADMIN_ACTIVITY_ROUTE } from "@/lib/admin/routes";
import { dispatchHost } from "@/lib/auth/routes/pipeline";
import { services } from "@/lib/runtime/services";

export const dynamic = "force-dynamic";
export async function GET(request: Request) {
  return dispatchHost(request, ADMIN_ACTIVITY_ROUTE, await services());
}
