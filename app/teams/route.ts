import { CREATE_TEAM } from "@/lib/teams/routes";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { POST } = routeHandlers(CREATE_TEAM);
