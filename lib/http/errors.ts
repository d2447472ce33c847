import type { Replacements } from "@/lib/i18n/catalog";

/** A message still to be translated: an English key and its replacements. */
export type Message = { key: string; replacements?: Replacements };

/** An error that ends the request with a given status. Thrown anywhere; answered by toErrorResponse only. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: string,
    readonly headers: Record<string, string> = {},
    readonly replacements: Replacements = {},
  ) {
    super(messageKey);
    this.name = "HttpError";
  }
}

/** 422 with Laravel's `{message, errors}` body: field → list of messages. */
export class ValidationError extends HttpError {
  constructor(readonly errors: Record<string, Message[]>) {
    super(422, "The given data was invalid.");
    this.name = "ValidationError";
  }
}

/** A database that cannot be reached: 503, and the request is safe to retry. */
export class UnavailableError extends HttpError {
  constructor(readonly cause: unknown) {
    super(503, "Service temporarily unavailable. Please try again shortly.", { "Retry-After": "5" });
    this.name = "UnavailableError";
  }
}

export const invalid = (field: string, key: string, replacements?: Replacements) =>
  new ValidationError({ [field]: [{ key, replacements }] });

export const unauthenticated = () => new HttpError(401, "Unauthenticated.");
export const forbidden = (key = "This action is unauthorized.") => new HttpError(403, key);
export const notFound = () => new HttpError(404, "Not Found");
export const csrfMismatch = () => new HttpError(419, "CSRF token mismatch.");
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, "Too Many Attempts.", { "Retry-After": String(retryAfterSeconds) });
export const methodNotAllowed = (method: string, uri: string, allowed: string[]) =>
  new HttpError(405, "The :method method is not supported for route :uri. Supported methods: :allowed.", { Allow: allowed.join(", ") }, {
    method,
    uri,
    allowed: allowed.join(", "),
  });
export const badRequest = (key: string) => new HttpError(400, key);
export const payloadTooLarge = () => new HttpError(413, "The request body is too large.");
export const unsupportedMediaType = () =>
  new HttpError(415, "Unsupported content type. Send application/json, application/x-www-form-urlencoded or multipart/form-data.");
