"use client";

import { buttonClasses } from "@/components/ui/button";
import { useT } from "@/lib/client/i18n";
import { useRouteQuery } from "@/lib/client/route-query";

/** One button per configured provider; the browser goes to the provider through the server. */
export function SocialSignIn() {
  const t = useT();
  // The providers change only when the server's configuration does.
  const providers = useRouteQuery("api.auth.providers", undefined, {
    staleTime: 5 * 60_000,
    retry: false,
  });
  const list = providers.data?.providers ?? [];
  if (list.length === 0) return null;
  return (
    <div className="mt-8">
      <div className="relative flex items-center" aria-hidden="true">
        <div className="flex-1 border-t border-zinc-200" />
        <span className="px-3 text-xs font-medium tracking-wide text-zinc-500 uppercase">
          {t("or continue with")}
        </span>
        <div className="flex-1 border-t border-zinc-200" />
      </div>
      <ul className="mt-6 grid gap-3">
        {list.map((provider) => (
          <li key={provider.name}>
            <a
              href={provider.url}
              className={buttonClasses("secondary", "md", "w-full")}
            >
              {t("Continue with :provider", { provider: provider.label })}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
