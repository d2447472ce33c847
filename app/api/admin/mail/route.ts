import { dispatchHost } from "@/lib/auth/routes/pipeline";
import { SHOW_MAIL } from "@/lib/operations/mail";
import { services } from "@/lib/runtime/services";

export const dynamic = "force-dynamic";
export const GET = async (request: Request) => dispatchHost(request, SHOW_MAIL, await services());
