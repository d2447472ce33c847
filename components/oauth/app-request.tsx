"use client";

import { type ReactNode, useId } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Icon } from "@/components/ui/icon";
import type { User } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";
import type { OAuthScope } from "@/lib/client/contract";

/**
 * What a set of scopes lets an app do, in the user's words: the server's description of each
 * ability (lib/oauth/scopes.ts) translated here, the scope's id beside it for whoever needs it.
 */
export function ScopeList({ scopes }: { scopes: OAuthScope[] }) {
  const t = useT();
  if (scopes.length === 0)
    return (
      <p className="text-sm text-zinc-600">
        {t("No access beyond knowing that it is you.")}
      </p>
    );
  return (
    <ul className="space-y-2.5">
      {scopes.map((scope) => (
        <li key={scope.id} className="flex items-start gap-2.5 text-sm">
          <Icon
            name="check"
            className="mt-0.5 size-4 shrink-0 text-emerald-600"
          />
          <span className="min-w-0 text-zinc-800">
            {t(scope.description)}{" "}
            <code className="text-xs text-zinc-500">{scope.id}</code>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The account an app would act for: the decision is this user's, so the screen says who that is. */
function AccountLine({
  name,
  email,
  switching,
  onSwitch,
}: {
  name: string;
  email: string;
  switching: boolean;
  onSwitch?: () => void;
}) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-zinc-50 px-3 py-2.5 ring-1 ring-zinc-200">
      <Icon name="user" className="size-5 shrink-0 text-zinc-500" />
      <p className="min-w-0 flex-1 text-sm wrap-break-word text-zinc-700">
        {t("Signed in as :name (:email)", { name, email })}
      </p>
      {onSwitch && (
        <Button
          variant="ghost"
          size="sm"
          loading={switching}
          onClick={onSwitch}
        >
          {t("Not you?")}
        </Button>
      )}
    </div>
  );
}

/** The app's mark on its question: its initials, so the card is the app's, not the product's. */
function AppMark({ name }: { name: string }) {
  return (
    <div className="flex justify-center">
      <Avatar name={name} src={null} size="lg" />
    </div>
  );
}

/**
 * The question an app asks the signed-in user (consent, device code): its heading and a line,
 * the account, the scopes in words, then Deny and Allow; the pending answer shows on its button.
 */
export function AppRequest({
  app,
  heading,
  lead,
  user,
  switchAccount,
  scopes,
  answer,
  onAnswer,
  choice,
  children,
}: {
  /** The app's name, shown as its mark above the question. */
  app?: string;
  heading: string;
  lead: ReactNode;
  user: User;
  /** "Not you?": signs this user out and comes back to the same request (decision record 090). */
  switchAccount?: { isPending: boolean; mutate: () => void };
  scopes: OAuthScope[];
  /** The answer's mutation: pending, failed, and which button was pressed. */
  answer: {
    isPending: boolean;
    error: unknown;
    variables?: { approve: boolean };
  };
  onAnswer: (approve: boolean) => void;
  /** A choice the answer carries, above the buttons (the consent's team: decision record 110). */
  choice?: ReactNode;
  children?: ReactNode;
}) {
  const t = useT();
  const scopesId = useId();
  const approving = answer.isPending ? answer.variables?.approve : null;
  return (
    <div className="space-y-6">
      {app && <AppMark name={app} />}
      <div className="text-center">
        <h1 className="text-2xl font-semibold tracking-tight wrap-break-word text-zinc-900">
          {heading}
        </h1>
        <p className="mt-2 text-sm text-zinc-500">{lead}</p>
      </div>
      <AccountLine
        name={user.name}
        email={user.email}
        switching={switchAccount?.isPending ?? false}
        onSwitch={switchAccount && (() => switchAccount.mutate())}
      />
      <section aria-labelledby={scopesId}>
        <h2 id={scopesId} className="mb-3 text-sm font-semibold text-zinc-900">
          {t("It will be able to:")}
        </h2>
        <ScopeList scopes={scopes} />
      </section>
      {choice}
      <ErrorAlert error={answer.error} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          onClick={() => onAnswer(false)}
          loading={approving === false}
          disabled={answer.isPending}
        >
          {t("Deny")}
        </Button>
        <Button
          onClick={() => onAnswer(true)}
          loading={approving === true}
          disabled={answer.isPending}
        >
          {t("Allow")}
        </Button>
      </div>
      {children}
    </div>
  );
}
