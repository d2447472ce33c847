"use client";

import { useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { OAuthFrame, Waiting } from "@/components/oauth/oauth-frame";
import { AppRequest } from "@/components/oauth/app-request";
import { ErrorAlert } from "@/components/ui/error-alert";
import type { User } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";
import {
  type AuthorizationRequest,
  useAnswerAuthorization,
  useAuthorizationRequest,
} from "@/lib/client/use-oauth-consent";

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
  const app = request.client.name;
  if (answer.isSuccess)
    return <Waiting label={t("Taking you back to :app…", { app })} />;
  return (
    <AppRequest
      heading={t(":app wants to access your account", { app })}
      lead={t("Allow it only if you trust this app.")}
      user={user}
      scopes={request.scopes}
      answer={answer}
      onAnswer={(approve) => answer.mutate({ request, approve })}
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
  const query = useSearchParams().toString();
  const request = useAuthorizationRequest(query ? `?${query}` : "");
  const data = request.data;
  const next = data && "redirect" in data ? data.redirect : null;
  // Nothing to ask (approved before, or an error for the client): straight back to the app.
  useEffect(() => {
    if (next) window.location.assign(next);
  }, [next]);
  if (request.isError)
    return (
      <div className="space-y-4">
        <h1 className="text-xl font-semibold text-zinc-900">
          {t("This authorization request cannot be answered")}
        </h1>
        <ErrorAlert error={request.error} />
        <p className="text-sm text-zinc-500">
          {t("Go back to the app and start again.")}
        </p>
      </div>
    );
  if (!data) return <Waiting label={t("Loading…")} />;
  if ("redirect" in data)
    return <Waiting label={t("Taking you back to the app…")} />;
  return <ConsentQuestion request={data} user={user} />;
}

/** The consent screen GET /oauth/authorize sends a browser to (decision record 055). */
export function ConsentScreen() {
  return <OAuthFrame>{(user) => <Consent user={user} />}</OAuthFrame>;
}
