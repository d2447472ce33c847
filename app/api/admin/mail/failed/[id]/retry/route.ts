import { dispatchHost } from "@/lib/auth/routes/pipeline";
import { RETRY_MAIL } from "@/lib/operations/mail";
import { services } from "@/lib/runtime/services";

export const dynamic = "force-dynamic";
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return dispatchHost(request, RETRY_MAIL, await services(), await params);
}
