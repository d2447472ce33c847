import "server-only";
import type { Context } from "@/lib/server/context";
import { actionPath } from "@/lib/server/url";
import type { ProviderConfig, ProviderDriver } from "@/lib/config/services";
import { notFound } from "@/lib/http/errors";
import type { Services } from "@/lib/server/services";

export type Provider = { name: string; config: ProviderConfig };

const DRIVER_LABELS: Record<Exclude<ProviderDriver, "oidc">, string> = {
  github: "GitHub",
  google: "Google",
  gitlab: "GitLab",
  microsoft: "Microsoft",
};

/** The `{provider}` of the route, if it has an entry in the services configuration; else 404 (contract §4, §7). */
export function findProvider(ctx: Context): Provider {
  const name = ctx.params.provider ?? "";
  // Own keys only: `constructor` or `toString` are not providers.
  if (!Object.hasOwn(ctx.services.providers, name)) throw notFound();
  const config = ctx.services.providers[name];
  if (!config) throw notFound();
  return { name, config };
}

/** The entry's `redirect`, absolute: a relative one is resolved under APP_URL (as Laravel's url() does). */
export function redirectUri(ctx: Context, provider: Provider): string {
  const { redirect } = provider.config;
  if (/^https?:\/\//i.test(redirect)) return redirect;
  return `${ctx.env.APP_URL}/${redirect.replace(/^\/+/, "")}`;
}

/** The provider's name on the screens: its configured `label`, else its driver's (an OIDC entry's: its name). */
export function providerLabel(name: string, config?: ProviderConfig): string {
  if (config?.label) return config.label;
  if (config && config.driver !== "oidc") return DRIVER_LABELS[config.driver];
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export type ProviderLink = {
  name: string;
  label: string;
  driver: ProviderDriver;
  url: string;
};

/** The login screen's buttons: every configured provider with the path of its redirect route. */
export function listProviders(
  services: Pick<Services, "config" | "providers">,
): { providers: ProviderLink[] } {
  // With `routes.active` false there is no redirect route to link to.
  if (!services.config.routes.active) return { providers: [] };
  const providers = Object.entries(services.providers).map(
    ([name, config]) => ({
      name,
      label: providerLabel(name, config),
      driver: config.driver,
      url: actionPath(services.config, "socialite-redirect", {
        provider: name,
      }),
    }),
  );
  return { providers };
}
