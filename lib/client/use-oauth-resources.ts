"use client";

import type { RouteInput, RouteOutput } from "@/lib/client/contract";
import { useRouteMutation, useRouteQuery } from "@/lib/client/route-query";

// Registered resources (decision record 101): every key and input type comes from the route's row
// (decision record 109), none is named here.

/** A resource as GET /api/admin/oauth-resources lists it. */
export type OAuthResource =
  RouteOutput<"api.admin.oauth-resources.index">["data"][number];

/** What POST /api/admin/oauth-resources takes. */
export type NewOAuthResource = RouteInput<"api.admin.oauth-resources.store">;

export const useOAuthResources = () =>
  useRouteQuery("api.admin.oauth-resources.index", undefined, {
    select: (answer) => answer.data,
  });

/** The OAuth clients a resource may be limited to. */
export const useResourceClientChoices = () =>
  useRouteQuery("passport.clients.index");

export const useCreateOAuthResource = () =>
  useRouteMutation("api.admin.oauth-resources.store", {
    toast: "The resource has been registered.",
  });

export const useUpdateOAuthResource = () =>
  useRouteMutation("api.admin.oauth-resources.update", {
    toast: "The resource has been saved.",
  });

export const useDeleteOAuthResource = () =>
  useRouteMutation("api.admin.oauth-resources.destroy", {
    toast: "The resource has been deleted.",
  });
