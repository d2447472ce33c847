import { ADMIN_USER_RESTORE_ROUTE } from "@/lib/admin/routes";
import { dispatchHost } from "@/lib/auth/routes/pipeline";
import { services } from "@/lib/runtime/services";

export const dynamic = "force-dynamic";
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return dispatchHost(request, ADMIN_USER_RESTORE_ROUTE, await services(), await params);
}
