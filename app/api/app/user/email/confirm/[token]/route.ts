import { dispatchHost } from "@/lib/auth/routes/pipeline";
import { services } from "@/lib/runtime/services";
import { EMAIL_CHANGE_CONFIRM_ROUTE } from "@/lib/users/routes";

export const dynamic = "force-dynamic";
export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }) {
  return dispatchHost(request, EMAIL_CHANGE_CONFIRM_ROUTE, await services(), await params);
}
