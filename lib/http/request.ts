import { isStamped } from "@/lib/http/client-address";
import {
  badRequest,
  HttpError,
  payloadTooLarge,
  unsupportedMediaType,
} from "@/lib/http/errors";

/** 1 MiB: far above any form of this service, far below what would hurt the server. */
export const MAX_BODY_BYTES = 1024 * 1024;

export type InputValue =
  | string
  | File
  | null
  | boolean
  | number
  | InputValue[]
  | { [key: string]: InputValue };
export type Input = Record<string, unknown>;

/** The Authorization header names a bearer token (RFC 6750 §2.1), valid or not. */
export const sendsBearer = (request: Request): boolean =>
  /^Bearer(\s|$)/i.test(request.headers.get("authorization") ?? "");

/**
 * contract §1 rule 1: JSON when asked for (Laravel's expectsJson), otherwise a redirect. A
 * request carrying a bearer token is an API client's whatever it accepts: answered in JSON,
 * never sent to a page (decision record 085).
 */
export function wantsJson(request: Request): boolean {
  if (sendsBearer(request)) return true;
  const accept = request.headers.get("accept") ?? "";
  if (/\/json|\+json/i.test(accept)) return true;
  const ajax = request.headers.get("x-requested-with") === "XMLHttpRequest";
  return ajax && (accept === "" || accept.includes("*/*"));
}

function mediaType(request: Request): string {
  return (
    (request.headers.get("content-type") ?? "")
      .split(";")[0]
      ?.trim()
      .toLowerCase() ?? ""
  );
}

/** Reads the body up to `limit` bytes; more answers 413 before anything is parsed. */
async function readBytes(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw payloadTooLarge();
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw payloadTooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw badRequest("The request body is not valid UTF-8.");
  }
}

/** Deeper than any form of this service; far below what overflows the stack when the value is stored. */
export const MAX_JSON_DEPTH = 32;

/**
 * Refuses what parses but cannot be used: nesting deeper than MAX_JSON_DEPTH (serializing it
 * for a jsonb column overflows the stack) and NUL characters (PostgreSQL text cannot hold them).
 * Iterative, so the check itself never overflows.
 */
function assertUsable(input: unknown): void {
  const stack: { value: unknown; depth: number }[] = [
    { value: input, depth: 0 },
  ];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value, depth } = item;
    if (typeof value === "string") {
      if (value.includes("\u0000"))
        throw badRequest("The request body contains a NUL character.");
      continue;
    }
    if (typeof value !== "object" || value === null || value instanceof Blob)
      continue;
    if (depth >= MAX_JSON_DEPTH)
      throw badRequest("The request body is nested too deeply.");
    for (const [key, child] of Object.entries(value))
      stack.push({ value: key, depth }, { value: child, depth: depth + 1 });
  }
}

function parseJson(text: string): Input {
  if (text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest("The request body is not valid JSON.");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw badRequest("The request body must be a JSON object.");
  }
  return value as Input;
}

/** Every value of each plain form key, for the parameters a protocol lets repeat (RFC 8707's `resource`). */
const formValues = new WeakMap<Input, Map<string, FormDataEntryValue[]>>();

// `a=1&tags[]=x&tags[]=y` → { a: "1", tags: ["x", "y"] }; a repeated plain key keeps the last value.
function collectEntries(
  entries: Iterable<[string, FormDataEntryValue]>,
): Input {
  const input: Record<string, unknown> = Object.create(null);
  const plain = new Map<string, FormDataEntryValue[]>();
  for (const [rawKey, value] of entries) {
    if (rawKey.endsWith("[]")) {
      const key = rawKey.slice(0, -2);
      const list = Array.isArray(input[key]) ? (input[key] as unknown[]) : [];
      input[key] = [...list, value];
    } else {
      input[rawKey] = value;
      plain.set(rawKey, [...(plain.get(rawKey) ?? []), value]);
    }
  }
  const collected = { ...input };
  formValues.set(collected, plain);
  return collected;
}

/**
 * Every value a request sent for `key`, for a parameter that may repeat: each occurrence of a
 * plain form key (the parsed input keeps only the last), a JSON array's items, or the one value.
 * Pass the input `ctx.input()` answers, not a copy of it.
 */
export function allValues(input: Input, key: string): unknown[] {
  const repeated = formValues.get(input)?.get(key);
  if (repeated) return repeated;
  const value = input[key];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Parses the request body by content type. Clear 4xx for anything malformed; never throws a 500. */
export async function readInput(
  request: Request,
  limit = MAX_BODY_BYTES,
): Promise<Input> {
  const input = await parseBody(request, limit);
  assertUsable(input);
  return input;
}

async function parseBody(request: Request, limit: number): Promise<Input> {
  if (request.method === "GET" || request.method === "HEAD") return {};
  const type = mediaType(request);
  if (type === "multipart/form-data") {
    if (Number(request.headers.get("content-length") ?? "0") > limit)
      throw payloadTooLarge();
    const bytes = await readBytes(request, limit);
    try {
      const form = await new Response(new Blob([bytes as BlobPart]), {
        headers: { "content-type": request.headers.get("content-type") ?? "" },
      }).formData();
      return collectEntries(form.entries());
    } catch {
      throw badRequest("The multipart body could not be parsed.");
    }
  }
  const bytes = await readBytes(request, limit);
  if (bytes.byteLength === 0) return {};
  const text = decodeUtf8(bytes);
  if (type === "application/json" || type.endsWith("+json"))
    return parseJson(text);
  if (type === "application/x-www-form-urlencoded")
    return collectEntries(new URLSearchParams(text).entries());
  throw unsupportedMediaType();
}

/**
 * The client's address, the one rule for every request. The server appends the socket's address
 * to X-Forwarded-For (lib/runtime/client-address.ts), so the header's last entry is our direct
 * peer; each trusted proxy (TRUST_PROXY hops) appended the address it was called from. The
 * address `trustedHops` entries from the right is therefore the first one no trusted party
 * vouches for: everything left of it is the client's own choice and is ignored. With fewer
 * entries than that, the leftmost one (the request skipped some proxies).
 * A request the server accepted before start-up installed the stamp has no address we know: it
 * is answered 503 with Retry-After (its retry is stamped), never served under one it chose.
 */
export function clientIp(request: Request, trustedHops: number): string {
  if (!isStamped(request.headers))
    throw new HttpError(
      503,
      "Service temporarily unavailable. Please try again shortly.",
      { "Retry-After": "1" },
    );
  const chain = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim());
  const index = Math.max(0, chain.length - 1 - trustedHops);
  return chain[index] || "0.0.0.0";
}
