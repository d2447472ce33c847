import { REVERT_SETTING } from "@/lib/settings/routes";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { DELETE } = routeHandlers(REVERT_SETTING);
