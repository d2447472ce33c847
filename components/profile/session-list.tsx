"use client";

import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import type { BrowserSession } from "@/lib/client/contract";
import { readableAddress } from "@/lib/http/readable-address";
import { useFormatDate, useFormatRelative, useT } from "@/lib/client/i18n";

/** How the session was signed into (the server's `method`). */
const METHODS: Record<string, string> = {
  password: "Password",
  "two-factor": "Password and code",
  social: "Social sign-in",
  passkey: "Passkey",
  impersonation: "Impersonation",
  registration: "Registration",
  "password-reset": "Password reset",
};

/** "Chrome on macOS", or whatever part of it the user agent told. */
export function useDeviceName(): (
  session: Pick<BrowserSession, "browser" | "system">,
) => string {
  const t = useT();
  return (session) => {
    if (session.browser && session.system)
      return t(":browser on :system", {
        browser: session.browser,
        system: session.system,
      });
    return session.browser ?? session.system ?? t("Unknown browser");
  };
}

type Props = {
  sessions: BrowserSession[];
  label: string;
  /** The id of the session being ended, if any. */
  ending: string | null;
  /** Absent: ending a session is not offered (the server would refuse it now). */
  onEnd?: (session: BrowserSession) => void;
};

/** Signed-in browsers, this one first: device, address, last activity (relative, localised), and an end button. */
export function SessionList({ sessions, label, ending, onEnd }: Props) {
  const t = useT();
  const formatDate = useFormatDate();
  const formatRelative = useFormatRelative();
  const deviceName = useDeviceName();
  // One clock for the whole list, so neighbouring rows agree.
  const [now] = useState(() => Date.now());
  if (sessions.length === 0)
    return <EmptyState title={t("No signed-in browsers")} />;
  const ordered = [...sessions].sort(
    (a, b) => Number(b.current) - Number(a.current),
  );
  return (
    <ul aria-label={label} className="-my-3 divide-y divide-zinc-100">
      {ordered.map((session) => {
        const name = deviceName(session);
        const method = session.method
          ? t(METHODS[session.method] ?? session.method)
          : null;
        const address = readableAddress(session.ip_address);
        return (
          <li
            key={session.id}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3"
          >
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-medium text-zinc-900">
                {name}
                {session.current && (
                  <Badge tone="green">{t("This device")}</Badge>
                )}
              </p>
              <p className="text-sm text-zinc-600">
                {[
                  address,
                  session.current
                    ? t("Active now")
                    : t("Last active :time", {
                        time: formatRelative(session.last_active, now),
                      }),
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
              {session.signed_in_at && (
                <p className="text-xs text-zinc-500">
                  {method
                    ? t("Signed in :date with :method", {
                        date: formatDate(session.signed_in_at),
                        method: method.toLowerCase(),
                      })
                    : t("Signed in :date", {
                        date: formatDate(session.signed_in_at),
                      })}
                </p>
              )}
            </div>
            {!session.current && onEnd && (
              <Button
                variant="ghost-danger"
                size="sm"
                loading={ending === session.id}
                disabled={ending !== null}
                onClick={() => onEnd(session)}
                aria-label={t("Sign out :device (:address)", {
                  device: name,
                  address: address ?? t("unknown address"),
                })}
              >
                {t("Sign out")}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
