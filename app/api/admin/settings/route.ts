import { dispatchHost } from "@/lib/auth/routes/pipeline";
import { services } from "@/lib/runtime/services";
import { SHOW_SETTINGS, UPDATE_SETTING } from "@/lib/settings/routes";

export const dynamic = "force-dynamic";
export const GET = async (request: Request) => dispatchHost(request, SHOW_SETTINGS, await services());
export const PUT = async (request: Request) => dispatchHost(request, UPDATE_SETTING, await services());
