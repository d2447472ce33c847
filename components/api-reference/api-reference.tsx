import { Brand } from "@/components/brand";
import { LanguageSwitch } from "@/components/shell/language-switch";
import { OperationCard } from "@/components/api-reference/operation-card";
import type {
  OpenApiDocument,
  Operation,
} from "@/lib/runtime/openapi/document";

type Translate = (key: string) => string;

const SECTIONS = [
  { tag: "auth", title: "Authentication routes" },
  { tag: "application", title: "Application routes" },
  { tag: "operations", title: "Operations" },
] as const;

/** The readable reference of the API description, rendered on the server from /api/openapi.json's document. */
export function ApiReference({
  document,
  t,
}: {
  document: OpenApiDocument;
  t: Translate;
}) {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      path,
      method,
      operation: operation as Operation,
    })),
  );
  return (
    <div className="min-h-dvh bg-zinc-50">
      <header className="flex flex-wrap items-center justify-between gap-4 border-b border-zinc-200 bg-white px-4 py-4 sm:px-8">
        <Brand />
        <LanguageSwitch className="w-40" />
      </header>
      <main className="mx-auto max-w-4xl space-y-10 px-4 py-8 sm:px-8">
        <section className="space-y-3">
          <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">
            {t("API reference")}
          </h1>
          <p className="text-sm text-zinc-600">
            {t(
              "Every route of this server, as configured, with the fields it accepts and what it answers.",
            )}
          </p>
          <p className="text-sm">
            <a
              className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
              href="/api/openapi.json"
            >
              {t("The OpenAPI 3.1 description (JSON)")}
            </a>
          </p>
        </section>
        <section
          aria-labelledby="api-authentication"
          className="space-y-2 rounded-xl bg-white p-5 text-sm text-zinc-700 shadow-sm ring-1 ring-zinc-200"
        >
          <h2
            id="api-authentication"
            className="text-base font-semibold text-zinc-900"
          >
            {t("How to call it")}
          </h2>
          <p>
            {t(
              "A browser first gets the XSRF-TOKEN cookie from GET /sanctum/csrf-cookie, then sends its value in the X-XSRF-TOKEN header on every POST, PUT, PATCH and DELETE (else 419).",
            )}
          </p>
          <p>
            {t(
              "An integration sends a personal access token as Authorization: Bearer …, without a session cookie and without the XSRF header.",
            )}
          </p>
          <p>
            {t(
              "Send Accept: application/json to get JSON; otherwise the routes redirect.",
            )}
          </p>
        </section>
        {SECTIONS.map(({ tag, title }) => (
          <section
            key={tag}
            aria-labelledby={`api-${tag}`}
            className="space-y-4"
          >
            <h2
              id={`api-${tag}`}
              className="text-lg font-semibold text-zinc-900"
            >
              {t(title)}
            </h2>
            {operations
              .filter(({ operation }) => operation.tags.includes(tag))
              .map(({ path, method, operation }) => (
                <OperationCard
                  key={`${method} ${path}`}
                  method={method}
                  path={path}
                  operation={operation}
                  t={t}
                />
              ))}
          </section>
        ))}
      </main>
    </div>
  );
}
