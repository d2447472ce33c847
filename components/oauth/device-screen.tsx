"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import type { FormEvent } from "react";
import { OAuthFrame, Waiting } from "@/components/oauth/oauth-frame";
import { AppRequest } from "@/components/oauth/app-request";
import { ConsentExchanges } from "@/components/oauth/consent-exchanges";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { TextField } from "@/components/ui/text-field";
import { ApiError } from "@/lib/client/api";
import type { User } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";
import {
  type DeviceRequest,
  useAnswerDevice,
} from "@/lib/client/use-oauth-device";
import { ASKED_ONCE } from "@/lib/client/use-oauth-consent";
import { useRouteQuery } from "@/lib/client/route-query";

/** A user code as the server reads it (lib/oauth/device-codes.ts): letters only, upper case, eight at most. */
const normalizeCode = (typed: string) =>
  typed
    .toUpperCase()
    .replace(/[^A-Z]/g, "")
    .slice(0, 8);

/** Shown as the device shows it: two groups of four. */
const groupedCode = (code: string) =>
  code.length > 4 ? `${code.slice(0, 4)}-${code.slice(4)}` : code;

function CodeEntry({
  error,
  onCode,
}: {
  error?: string;
  onCode: (code: string) => void;
}) {
  const t = useT();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = new FormData(event.currentTarget).get("user_code");
    const code = normalizeCode(String(typed ?? ""));
    if (code) onCode(code);
  }
  return (
    <form onSubmit={submit} className="space-y-6" noValidate>
      <div className="text-center">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">
          {t("Connect a device")}
        </h1>
        <p className="mt-2 text-sm text-zinc-500">
          {t("Enter the code your device or command line shows.")}
        </p>
      </div>
      <TextField
        label={t("Code")}
        name="user_code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="BCDF-GHJK"
        required
        autoFocus
        error={error}
        className="[&_input]:text-center [&_input]:font-mono [&_input]:text-lg [&_input]:tracking-widest"
      />
      <Button type="submit" className="w-full">
        {t("Continue")}
      </Button>
    </form>
  );
}

function DeviceQuestion({
  request,
  user,
}: {
  request: DeviceRequest;
  user: User;
}) {
  const t = useT();
  const answer = useAnswerDevice();
  const app = request.client.name;
  if (answer.isSuccess)
    return answer.data.approved ? (
      <Alert tone="success" title={t("Device connected")}>
        {t(
          ":app is connected to your account. You can go back to your device.",
          {
            app,
          },
        )}
      </Alert>
    ) : (
      <Alert tone="info" title={t("Request denied")}>
        {t("The device was not connected.")}
      </Alert>
    );
  return (
    <AppRequest
      heading={t(":app wants to connect to your account", { app })}
      lead={
        <>
          {t("Check that your device shows this code:")}{" "}
          <span className="font-mono font-semibold tracking-widest text-zinc-900">
            {groupedCode(request.user_code)}
          </span>
        </>
      }
      user={user}
      scopes={request.scopes}
      answer={answer}
      onAnswer={(approve) => answer.mutate({ request, approve })}
      choice={<ConsentExchanges exchanges={request.exchanges} />}
    />
  );
}

function Device({ user }: { user: User }) {
  const t = useT();
  const router = useRouter();
  const pathname = usePathname();
  const code = normalizeCode(useSearchParams().get("user_code") ?? "");
  // The device that shows `code` (404 for a code unknown, used or expired); nothing until one is typed.
  const request = useRouteQuery(
    "passport.device.authorizations.authorize.get",
    { user_code: code },
    { ...ASKED_ONCE, enabled: code !== "" },
  );
  const enter = (next: string) =>
    router.replace(`${pathname}?user_code=${next}`);
  if (!code) return <CodeEntry onCode={enter} />;
  if (request.isError) {
    if (request.error instanceof ApiError && request.error.status === 404)
      return (
        <CodeEntry
          key={code}
          onCode={enter}
          error={t("This code is not valid, was already used or has expired.")}
        />
      );
    return <ErrorAlert error={request.error} />;
  }
  if (!request.data) return <Waiting label={t("Loading…")} />;
  return <DeviceQuestion request={request.data} user={user} />;
}

/** The device-code screen GET /oauth/device sends a browser to (RFC 8628 §3.3; decision record 055). */
export function DeviceScreen() {
  return <OAuthFrame>{(user) => <Device user={user} />}</OAuthFrame>;
}
