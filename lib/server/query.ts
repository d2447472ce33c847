import "server-only";
import { z } from "zod";
import type { Context } from "@/lib/server/context";
import { parseInput } from "@/lib/validation/parse";

/** Validates a GET request's query string like a body: Laravel's 422 shape, unknown keys prohibited. */
export function parseQuery<S extends z.ZodType>(
  ctx: Context,
  schema: S,
): z.output<S> {
  return parseInput(schema, Object.fromEntries(ctx.url.searchParams));
}

/** A whole number in a query string, between `min` and `max`. */
export function queryInt(min: number, max: number) {
  return z
    .string()
    .regex(/^\d{1,15}$/, { error: "The :attribute field must be an integer." })
    .transform(Number)
    .pipe(z.int().min(min).max(max));
}

export const DEFAULT_PER_PAGE = 15;
export const MAX_PER_PAGE = 100;

/** `page` and `per_page` of a listing (per_page at most 100). */
export const paginationFields = {
  page: queryInt(1, 1_000_000).nullish(),
  per_page: queryInt(1, MAX_PER_PAGE).nullish(),
};

export type PageRequest = { page: number; perPage: number };

export function pageRequest(input: {
  page?: number | null;
  per_page?: number | null;
}): PageRequest {
  return { page: input.page ?? 1, perPage: input.per_page ?? DEFAULT_PER_PAGE };
}

/** Laravel's LengthAwarePaginator, as the front end reads it. */
export function paginator<T>(
  data: T[],
  total: number,
  { page, perPage }: PageRequest,
) {
  return {
    data,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
  };
}
