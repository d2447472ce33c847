"use client";

import { Fragment } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { ErrorAlert } from "@/components/ui/error-alert";
import { LoadingRows } from "@/components/ui/skeleton";
import type { RouteOutput } from "@/lib/client/contract";
import { type Translate, useT } from "@/lib/client/i18n";
import { useRouteQuery } from "@/lib/client/route-query";

// A panel left open follows the queue and the failures without a reload.
const HEALTH_REFRESH_MS = 30_000;

type HealthCheck = RouteOutput<"api.admin.health">["checks"][number];

const LABELS: Record<HealthCheck["name"], string> = {
  "oauth-keys": "OAuth keys",
  "mail-driver": "Mail driver",
  "mail-queue": "Mail queue",
  webhooks: "Webhook deliveries",
  migrations: "Database migrations",
  backup: "Last backup",
};

const STATUS: Record<HealthCheck["status"], { tone: BadgeTone; text: string }> =
  {
    ok: { tone: "green", text: "OK" },
    warn: { tone: "amber", text: "Warning" },
    fail: { tone: "red", text: "Failing" },
  };

/** A sentence whose `commands` are shown as code, and may wrap anywhere on a phone. */
function Sentence({ text }: { text: string }) {
  return text
    .split("`")
    .map((part, index) => (
      <Fragment key={index}>
        {index % 2 === 1 ? (
          <code className="rounded bg-zinc-100 px-1 py-0.5 font-mono text-xs text-zinc-800 [overflow-wrap:anywhere]">
            {part}
          </code>
        ) : (
          part
        )}
      </Fragment>
    ));
}

function CheckRow({ check, t }: { check: HealthCheck; t: Translate }) {
  const status = STATUS[check.status];
  return (
    <li className="grid gap-2 py-4 first:pt-0 last:pb-0 sm:grid-cols-[13rem_1fr] sm:gap-6">
      <div className="flex items-center justify-between gap-3 sm:flex-col sm:items-start sm:justify-start">
        <span className="text-sm font-semibold text-zinc-900">
          {t(LABELS[check.name])}
        </span>
        <Badge tone={status.tone}>{t(status.text)}</Badge>
      </div>
      <div className="min-w-0">
        <p className="text-sm font-medium text-zinc-900">
          {t(check.figure, check.values)}
        </p>
        <p className="mt-1 text-sm text-zinc-600">
          <Sentence text={t(check.action, check.values)} />
        </p>
      </div>
    </li>
  );
}

/** The operator's checks on the administration home, each with what to do (decision record 096). */
export function HealthPanel() {
  const t = useT();
  const health = useRouteQuery("api.admin.health", undefined, {
    refetchInterval: HEALTH_REFRESH_MS,
  });
  const checks = health.data?.checks ?? [];
  const failing = checks.filter((check) => check.status !== "ok").length;
  return (
    <Card
      title={t("Server health")}
      description={
        health.isSuccess
          ? failing === 0
            ? t("Every check passes.")
            : t(":count of :total checks need attention.", {
                count: failing,
                total: checks.length,
              })
          : t("What this server needs from its operator.")
      }
    >
      <ErrorAlert error={health.error} />
      {health.isPending ? (
        <LoadingRows label={t("Checking the server…")} rows={3} />
      ) : (
        <ul className="divide-y divide-zinc-100">
          {checks.map((check) => (
            <CheckRow key={check.name} check={check} t={t} />
          ))}
        </ul>
      )}
    </Card>
  );
}
