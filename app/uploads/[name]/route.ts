import { dispatchHost } from "@/lib/auth/routes/pipeline";
import { services } from "@/lib/runtime/services";
import { UPLOAD_SHOW_ROUTE } from "@/lib/uploads/routes";

export const dynamic = "force-dynamic";
export async function GET(request: Request, { params }: { params: Promise<{ name: string }> }) {
  return dispatchHost(request, UPLOAD_SHOW_ROUTE, await services(), await params);
}
