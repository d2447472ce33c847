import { REMOVE_MEMBER, UPDATE_MEMBER } from "@/lib/teams/routes";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { PUT } = routeHandlers(UPDATE_MEMBER);
export const { DELETE } = routeHandlers(REMOVE_MEMBER);
