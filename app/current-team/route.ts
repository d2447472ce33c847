import { SWITCH_TEAM } from "@/lib/teams/routes";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { PUT } = routeHandlers(SWITCH_TEAM);
