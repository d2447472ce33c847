import { DELETE_TEAM, SHOW_TEAM, UPDATE_TEAM } from "@/lib/teams/routes";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { GET } = routeHandlers(SHOW_TEAM);
export const { PUT } = routeHandlers(UPDATE_TEAM);
export const { DELETE } = routeHandlers(DELETE_TEAM);
