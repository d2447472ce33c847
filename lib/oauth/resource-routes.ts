import "server-only";
import type { HostRoute } from "@/lib/server/pipeline";
import {
  destroyResourceEndpoint,
  listResourcesEndpoint,
  resourceMetadataEndpoint,
  storeResourceEndpoint,
  updateResourceEndpoint,
} from "@/lib/oauth/resources-api";
import {
  OAUTH_RESOURCE_DESTROY_CONTRACT,
  OAUTH_RESOURCE_METADATA_CONTRACT,
  OAUTH_RESOURCE_STORE_CONTRACT,
  OAUTH_RESOURCE_UPDATE_CONTRACT,
  OAUTH_RESOURCES_CONTRACT,
} from "@/lib/contract/oauth/resources";

// Registered resources (decision record 101). Administrators only: the guard (401), then the
// `admin` middleware (403); a token needs the `admin` ability. A resource holds no way into an
// account (no secret, no user), so its writes are the `administers` class as a setting's are.
const admin = {
  middleware: ["auth:sanctum", "admin"],
  ability: "admin",
  credential: "administers",
} satisfies Pick<HostRoute, "middleware" | "ability" | "credential">;

export const OAUTH_RESOURCES_ROUTE: HostRoute = {
  ...OAUTH_RESOURCES_CONTRACT,
  endpoint: listResourcesEndpoint,
  ...admin,
};
export const OAUTH_RESOURCE_STORE_ROUTE: HostRoute = {
  ...OAUTH_RESOURCE_STORE_CONTRACT,
  endpoint: storeResourceEndpoint,
  ...admin,
};
export const OAUTH_RESOURCE_UPDATE_ROUTE: HostRoute = {
  ...OAUTH_RESOURCE_UPDATE_CONTRACT,
  endpoint: updateResourceEndpoint,
  ...admin,
};
export const OAUTH_RESOURCE_DESTROY_ROUTE: HostRoute = {
  ...OAUTH_RESOURCE_DESTROY_CONTRACT,
  endpoint: destroyResourceEndpoint,
  ...admin,
};
/** Public, as the resource server serves the document to anyone (RFC 9728 §3). */
export const OAUTH_RESOURCE_METADATA_ROUTE: HostRoute = {
  ...OAUTH_RESOURCE_METADATA_CONTRACT,
  endpoint: resourceMetadataEndpoint,
  middleware: [],
  ability: null,
  credential: "none",
};

export const OAUTH_RESOURCE_ROUTES: readonly HostRoute[] = [
  OAUTH_RESOURCES_ROUTE,
  OAUTH_RESOURCE_STORE_ROUTE,
  OAUTH_RESOURCE_UPDATE_ROUTE,
  OAUTH_RESOURCE_DESTROY_ROUTE,
  OAUTH_RESOURCE_METADATA_ROUTE,
];
