import "server-only";
import type { Context } from "@/lib/server/context";
import {
  HttpError,
  UnavailableError,
  ValidationError,
} from "@/lib/http/errors";
import { backPath, json, redirect } from "@/lib/http/respond";
import { attributeName, type Locale, translate } from "@/lib/i18n/catalog";
import { describeError } from "@/lib/observability/logger";
import { log } from "@/lib/observability/request-scope";

// postgres-js and node network errors that mean "the database is not there right now".
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "57P01",
  "57P03",
]);

/** The innermost cause: the driver's own error ("connect ECONNREFUSED …"), without the query and its parameters. */
function rootCause(error: unknown): unknown {
  let current = error;
  for (
    let depth = 0;
    depth < 5 && (current as { cause?: unknown } | null)?.cause;
    depth++
  )
    current = (current as { cause: unknown }).cause;
  return current;
}

function isUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The login screen; a GET (a link from a mail, say) comes back to where it was going after sign-in. */
function loginPath(request: Request): string {
  if (request.method !== "GET") return "/auth/login";
  const url = new URL(request.url);
  return `/auth/login?redirect=${encodeURIComponent(`${url.pathname}${url.search}`)}`;
}

/** Laravel's 422 body: every message translated, `message` the first one plus a count of the rest. */
export function validationBody(error: ValidationError, locale: Locale) {
  const errors: Record<string, string[]> = Object.create(null);
  for (const [field, messages] of Object.entries(error.errors)) {
    errors[field] = messages.map((m) =>
      translate(locale, m.key, {
        attribute: attributeName(locale, field),
        ...m.replacements,
      }),
    );
  }
  const all = Object.values(errors).flat();
  const extra = all.length - 1;
  const first = all[0] ?? translate(locale, error.messageKey);
  const message =
    extra > 0
      ? `${first} ${translate(locale, extra === 1 ? "(and :count more error)" : "(and :count more errors)", { count: extra })}`
      : first;
  return { message, errors };
}

/**
 * The one place that turns an error into a response. Any error that is not an HttpError is
 * logged with the request id and answered 500 with a generic message.
 */
export function toErrorResponse(
  error: unknown,
  ctx: Pick<
    Context,
    "locale" | "wantsJson" | "request" | "config" | "session" | "env"
  > | null,
  requestId: string,
): Response {
  const locale = ctx?.locale ?? "en";
  if (!(error instanceof HttpError) && isUnavailable(error))
    error = new UnavailableError(error);
  if (!(error instanceof HttpError)) {
    log().error({ err: describeError(error) }, "unhandled error");
    return json({ message: translate(locale, "Server Error") }, 500, {
      "X-Request-Id": requestId,
    });
  }
  if (error instanceof UnavailableError) {
    // Not the failed query's text: its parameters hold emails and session ids.
    const cause = rootCause(error.cause) as {
      code?: unknown;
      message?: unknown;
    } | null;
    log().error(
      {
        code: cause?.code,
        cause: cause instanceof Error ? cause.message : String(cause),
      },
      `database unavailable: ${String(cause?.code ?? "")}`,
    );
  }

  if (ctx && !ctx.wantsJson) {
    // Browsers: to the login screen when signed out; back to the form with the errors otherwise.
    if (error.status === 401) return redirect(loginPath(ctx.request));
    if (error.browserScreen !== null) {
      ctx.session.flash(
        "error",
        translate(locale, error.messageKey, error.replacements),
      );
      return redirect(error.browserScreen);
    }
    if (error instanceof ValidationError) {
      ctx.session.flash("errors", validationBody(error, locale).errors);
      return redirect(backPath(ctx.request, ctx.env.APP_URL, "/"));
    }
  }
  const body =
    error instanceof ValidationError
      ? validationBody(error, locale)
      : { message: translate(locale, error.messageKey, error.replacements) };
  return json(body, error.status, error.headers);
}
