import { dispatchHost } from "@/lib/auth/routes/pipeline";
import { services } from "@/lib/runtime/services";
import { UPLOAD_FILE_ROUTE } from "@/lib/uploads/routes";

export const dynamic = "force-dynamic";
export async function POST(request: Request) {
  return dispatchHost(request, UPLOAD_FILE_ROUTE, await services());
}
