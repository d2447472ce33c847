import { dispatchHost } from "@/lib/auth/routes/pipeline";
import { services } from "@/lib/runtime/services";
import { USER_UPDATE_ROUTE } from "@/lib/users/routes";

export const dynamic = "force-dynamic";
export async function PUT(request: Request) {
  return dispatchHost(request, USER_UPDATE_ROUTE, await services());
}
