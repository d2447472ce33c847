import type { Replacements } from "@/lib/i18n/catalog";

/** A message still to be translated: an English key and its replacements. */
export type Message = { key: string; replacements?: Replacements };

// Next compiles each route into a bundle with its own copy of this module, and an endpoint built in
// one bundle may be run by another's pipeline: `instanceof` asks for a process-wide brand, not for
// one copy's prototype (decision record 016).
const HTTP_ERROR = Symbol.for("next-laravel-auth.HttpError");
const VALIDATION_ERROR = Symbol.for("next-laravel-auth.ValidationError");
const UNAVAILABLE_ERROR = Symbol.for("next-laravel-auth.UnavailableError");
const INSUFFICIENT_SCOPE = Symbol.for(
  "next-laravel-auth.InsufficientScopeError",
);

/** Whether `value` carries `brand` (set by the constructor of any copy of the class). */
export function hasBrand(value: unknown, brand: symbol): boolean {
  return typeof value === "object" && value !== null && brand in value;
}

function brand(target: object, mark: symbol): void {
  Object.defineProperty(target, mark, { value: true });
}

/** An error that ends the request with a given status. Thrown anywhere; answered by toErrorResponse only. */
export class HttpError extends Error {
  static [Symbol.hasInstance](value: unknown): boolean {
    return hasBrand(value, HTTP_ERROR);
  }

  constructor(
    readonly status: number,
    readonly messageKey: string,
    readonly headers: Record<string, string> = {},
    readonly replacements: Replacements = {},
  ) {
    super(messageKey);
    this.name = "HttpError";
    brand(this, HTTP_ERROR);
  }

  /**
   * Where a browser reads this refusal instead of its JSON: the screen's path, the message
   * flashed as `error` (toErrorResponse); JSON callers get the status and body as ever.
   */
  browserScreen: string | null = null;

  /** This error, read by a browser on `path`. */
  shownOn(path: string): this {
    this.browserScreen = path;
    return this;
  }
}

/** 422 with Laravel's `{message, errors}` body: field → list of messages. */
export class ValidationError extends HttpError {
  static [Symbol.hasInstance](value: unknown): boolean {
    return hasBrand(value, VALIDATION_ERROR);
  }

  constructor(readonly errors: Record<string, Message[]>) {
    super(422, "The given data was invalid.");
    this.name = "ValidationError";
    brand(this, VALIDATION_ERROR);
  }
}

/** A database that cannot be reached: 503, and the request is safe to retry. */
export class UnavailableError extends HttpError {
  static [Symbol.hasInstance](value: unknown): boolean {
    return hasBrand(value, UNAVAILABLE_ERROR);
  }

  constructor(readonly cause: unknown) {
    super(503, "Service temporarily unavailable. Please try again shortly.", {
      "Retry-After": "5",
    });
    this.name = "UnavailableError";
    brand(this, UNAVAILABLE_ERROR);
  }
}

/**
 * 403 for a bearer token that lacks what a route asks: `scopes` would let it through, and its
 * challenge names them (RFC 6750 §3.1 `insufficient_scope`, decision record 085).
 */
export class InsufficientScopeError extends HttpError {
  static [Symbol.hasInstance](value: unknown): boolean {
    return hasBrand(value, INSUFFICIENT_SCOPE);
  }

  constructor(
    messageKey: string,
    readonly scopes: readonly string[],
  ) {
    super(403, messageKey);
    this.name = "InsufficientScopeError";
    brand(this, INSUFFICIENT_SCOPE);
  }
}

export const invalid = (
  field: string,
  key: string,
  replacements?: Replacements,
) => new ValidationError({ [field]: [{ key, replacements }] });

export const unauthenticated = () => new HttpError(401, "Unauthenticated.");
export const forbidden = (key = "This action is unauthorized.") =>
  new HttpError(403, key);
export const notFound = () => new HttpError(404, "Not Found");
export const csrfMismatch = () => new HttpError(419, "CSRF token mismatch.");
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, "Too Many Attempts.", {
    "Retry-After": String(retryAfterSeconds),
  });
export const methodNotAllowed = (
  method: string,
  uri: string,
  allowed: string[],
) =>
  new HttpError(
    405,
    "The :method method is not supported for route :uri. Supported methods: :allowed.",
    { Allow: allowed.join(", ") },
    {
      method,
      uri,
      allowed: allowed.join(", "),
    },
  );
export const badRequest = (key: string) => new HttpError(400, key);
export const payloadTooLarge = () =>
  new HttpError(413, "The request body is too large.");
export const unsupportedMediaType = () =>
  new HttpError(
    415,
    "Unsupported content type. Send application/json, application/x-www-form-urlencoded or multipart/form-data.",
  );
