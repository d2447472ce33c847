import { ACCEPT_INVITATION, CANCEL_INVITATION } from "@/lib/teams/routes";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { GET } = routeHandlers(ACCEPT_INVITATION);
export const { DELETE } = routeHandlers(CANCEL_INVITATION);
