import { dispatchHost } from "@/lib/auth/routes/pipeline";
import { services } from "@/lib/runtime/services";
import { EMAIL_CHANGE_RESEND_ROUTE } from "@/lib/users/routes";

export const dynamic = "force-dynamic";
export async function POST(request: Request) {
  return dispatchHost(request, EMAIL_CHANGE_RESEND_ROUTE, await services());
}
