"use client";

import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import type { User } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";
import { useRevertImpersonation } from "@/lib/client/use-impersonation";

/** Shown on every signed-in screen while get-auth says `impersonating` (docs/api.md "Choices where the contract is silent"); it sits in the sticky header, so it stays in view. */
export function ImpersonationBanner({ user }: { user: User }) {
  const t = useT();
  const revert = useRevertImpersonation();
  return (
    <div
      role="region"
      aria-label={t("Impersonation")}
      className="bg-warning text-on-warning"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2.5 sm:px-6 lg:px-8">
        <p className="text-sm">
          <span className="font-semibold">
            {t("You are acting as :name", { name: user.name })}
          </span>{" "}
          <span>({user.email})</span>
        </p>
        <Button
          size="sm"
          variant="secondary"
          loading={revert.isPending}
          onClick={() => revert.mutate()}
        >
          {t("Return to my account")}
        </Button>
      </div>
      {revert.isError && (
        <div className="mx-auto max-w-7xl px-4 pb-3 sm:px-6 lg:px-8">
          <ErrorAlert error={revert.error} />
        </div>
      )}
    </div>
  );
}
