import {
  OAUTH_CLIENT_STORE_ROUTE,
  OAUTH_CLIENTS_ROUTE,
} from "@/lib/oauth/routes";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { GET } = routeHandlers(OAUTH_CLIENTS_ROUTE);
export const { POST } = routeHandlers(OAUTH_CLIENT_STORE_ROUTE);
