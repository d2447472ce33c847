"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { OAuthFrame, Waiting } from "@/components/oauth/oauth-frame";
import { AppRequest } from "@/components/oauth/app-request";
import { ConsentExchanges } from "@/components/oauth/consent-exchanges";
import { ConsentTeamField } from "@/components/oauth/consent-team-field";
import { Alert } from "@/components/ui/alert";
import { ErrorAlert } from "@/components/ui/error-alert";
import type { User } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";
import { useRouteQuery } from "@/lib/client/route-query";
import {
  ASKED_ONCE,
  type AuthorizationRequest,
  goToClient,
  useAnswerAuthorization,
} from "@/lib/client/use-oauth-consent";
import { isAllowedRedirectUri } from "@/lib/policies/redirect-uri";
import { loginPathFor } from "@/lib/http/safe-redirect";
import { useLogout } from "@/lib/client/use-logout";

/** Why the screen stops here: the server's error, or an address the redirect URI rule refuses. */
function Unanswerable({ error }: { error: unknown }) {
  const t = useT();
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-zinc-900">
        {t("This authorization request cannot be answered")}
      </h1>
      {error ? (
        <ErrorAlert error={error} />
      ) : (
        <Alert tone="error">
          {t(
            "The app's redirect address is not allowed, so this page does not go there.",
          )}
        </Alert>
      )}
      <p className="text-sm text-zinc-500">
        {t("Go back to the app and start again.")}
      </p>
    </div>
  );
}

/** The host the browser goes to after the answer, so the user sees where the app lives. */
function hostOf(uri: string): string {
  return URL.canParse(uri) ? new URL(uri).host : uri;
}

/** Allow or deny one app's request: its name, what it could do, for which account, and where the answer goes. */
function ConsentQuestion({
  request,
  user,
}: {
  request: AuthorizationRequest;
  user: User;
}) {
  const t = useT();
  const answer = useAnswerAuthorization();
  const [team, setTeam] = useState("");
  const app = request.client.name;
  // "Not you?": signed out, the same authorization request asks whoever signs in next.
  const query = useSearchParams().toString();
  const pathname = usePathname();
  const switchAccount = useLogout(
    loginPathFor(`${pathname}${query ? `?${query}` : ""}`),
  );
  if (answer.isSuccess)
    return isAllowedRedirectUri(answer.data.redirect) ? (
      <Waiting label={t("Taking you back to :app…", { app })} />
    ) : (
      <Unanswerable error={null} />
    );
  return (
    <AppRequest
      app={app}
      switchAccount={switchAccount}
      heading={t(":app wants to access your account", { app })}
      lead={t("Allow it only if you trust this app.")}
      user={user}
      scopes={request.scopes}
      answer={answer}
      onAnswer={(approve) =>
        answer.mutate({
          request,
          approve,
          teamId: team ? Number(team) : undefined,
        })
      }
      choice={
        <>
          <ConsentExchanges exchanges={request.exchanges} />
          <ConsentTeamField
            teams={request.teams}
            value={team}
            onChange={setTeam}
          />
        </>
      }
    >
      <p className="text-center text-xs text-zinc-500">
        {t("Either way you will be sent back to :host.", {
          host: hostOf(request.redirect_uri),
        })}{" "}
        {t("You can revoke its access at any time under Authorized apps.")}
      </p>
    </AppRequest>
  );
}

function Consent({ user }: { user: User }) {
  const t = useT();
  // The consent the client asked for: the authorization request's own query string.
  const request = useRouteQuery(
    "passport.authorizations.authorize.get",
    Object.fromEntries(useSearchParams()),
    ASKED_ONCE,
  );
  const data = request.data;
  const next = data && "redirect" in data ? data.redirect : null;
  // Nothing to ask (approved before, or an error for the client): straight back to the app.
  useEffect(() => {
    if (next) goToClient(next);
  }, [next]);
  if (request.isError) return <Unanswerable error={request.error} />;
  if (!data) return <Waiting label={t("Loading…")} />;
  if ("redirect" in data)
    return isAllowedRedirectUri(data.redirect) ? (
      <Waiting label={t("Taking you back to the app…")} />
    ) : (
      <Unanswerable error={null} />
    );
  return <ConsentQuestion request={data} user={user} />;
}

/** The consent screen GET /oauth/authorize sends a browser to (decision record 055). */
export function ConsentScreen() {
  return <OAuthFrame>{(user) => <Consent user={user} />}</OAuthFrame>;
}
