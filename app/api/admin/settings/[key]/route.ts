import { dispatchHost } from "@/lib/auth/routes/pipeline";
import { services } from "@/lib/runtime/services";
import { REVERT_SETTING } from "@/lib/settings/routes";

export const dynamic = "force-dynamic";
export async function DELETE(request: Request, { params }: { params: Promise<{ key: string }> }) {
  return dispatchHost(request, REVERT_SETTING, await services(), await params);
}
