import { SHOW_SETTINGS, UPDATE_SETTING } from "@/lib/settings/routes";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { GET } = routeHandlers(SHOW_SETTINGS);
export const { PUT } = routeHandlers(UPDATE_SETTING);
