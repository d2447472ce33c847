import { Badge, type BadgeTone } from "@/components/ui/badge";
import { SchemaFields } from "@/components/api-reference/schema-fields";
import type { Operation } from "@/lib/runtime/openapi/document";

type Translate = (key: string) => string;

const METHOD_TONES: Record<string, BadgeTone> = {
  get: "indigo",
  post: "green",
  put: "amber",
  patch: "amber",
  delete: "red",
};

function callers(operation: Operation, t: Translate): string {
  const schemes = (operation.security ?? []).map((requirement) =>
    Object.keys(requirement),
  );
  const names = schemes.map((keys) =>
    keys.length === 0
      ? t("anyone")
      : keys.includes("session")
        ? t("session")
        : keys.includes("bearer")
          ? t("bearer token")
          : t("anyone"),
  );
  return [...new Set(names)].join(", ");
}

/** One operation of the API description: method, path, name, who may call, fields, answers. */
export function OperationCard({
  method,
  path,
  operation,
  t,
}: {
  method: string;
  path: string;
  operation: Operation;
  t: Translate;
}) {
  const body = operation.requestBody as
    | { content?: Record<string, { schema: Record<string, unknown> }> }
    | undefined;
  const [mediaType, content] = Object.entries(body?.content ?? {})[0] ?? [];
  return (
    <article
      id={operation.operationId}
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-zinc-200"
    >
      <h3 className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={METHOD_TONES[method] ?? "gray"}>
          {method.toUpperCase()}
        </Badge>
        <code className="font-mono text-sm font-semibold break-all text-zinc-900">
          {path}
        </code>
        <span className="text-xs text-zinc-500">{operation.operationId}</span>
      </h3>
      {operation.summary && (
        <p className="mt-2 text-sm text-zinc-600">{operation.summary}</p>
      )}
      <dl className="mt-3 grid gap-1 text-xs text-zinc-600 sm:grid-cols-[10rem_1fr]">
        <dt className="font-medium text-zinc-500">{t("Who may call")}</dt>
        <dd>{callers(operation, t)}</dd>
        {operation["x-token-ability"] && (
          <>
            <dt className="font-medium text-zinc-500">{t("Token ability")}</dt>
            <dd className="font-mono">{operation["x-token-ability"]}</dd>
          </>
        )}
      </dl>
      {content && (
        <section className="mt-4">
          <h4 className="mb-1 text-xs font-semibold tracking-wide text-zinc-500 uppercase">
            {t("Request body")}{" "}
            <span className="font-mono font-normal normal-case">
              ({mediaType})
            </span>
          </h4>
          <SchemaFields schema={content.schema} t={t} />
        </section>
      )}
      <section className="mt-4">
        <h4 className="mb-1 text-xs font-semibold tracking-wide text-zinc-500 uppercase">
          {t("Responses")}
        </h4>
        <ul className="space-y-0.5 text-xs text-zinc-600">
          {Object.entries(operation.responses).map(([status, response]) => (
            <li key={status}>
              <span className="font-mono font-semibold text-zinc-900">
                {status === "default" ? t("other") : status}
              </span>{" "}
              {String(response.description ?? "")}
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
