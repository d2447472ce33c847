import { z } from "zod";
import type { AuthConfig } from "@/lib/config/auth";
import type { RouteContract } from "@/lib/contract/route-contract";
import type { Context } from "@/lib/server/context";
import type { Endpoint, Redirect } from "@/lib/server/endpoint";
import type { AnswerExcess } from "@/lib/server/answer-excess";
import { IGNORED_FIELDS } from "@/lib/validation/rules";

type Shape<R> = R extends { input: z.ZodObject<infer S> } ? S : never;

/** What the row's input schema parses: the endpoint's input (an empty object when the row has none). */
export type RowInput<R> = R extends { input: infer I extends z.ZodType }
  ? z.output<I>
  : Record<never, never>;

/**
 * What the endpoint may answer as JSON: what the row's output schema accepts (its z.input: the
 * value is serialized, then parsed by the client and the http tests). A row without a JSON body
 * (no body, a redirect, a file) is answered by a Response or a Redirect only.
 */
export type RowAnswer<R> = R extends { output: infer O extends z.ZodType }
  ? z.input<O>
  : never;

/** The configured rule of some of the row's fields, each parsing to the row's type of that field. */
export type FieldRules<R> = {
  [K in keyof Shape<R>]?: z.ZodType<z.output<Shape<R>[K]>>;
};

/** An endpoint written against its route row (decision record 094). */
export type RowEndpointSpec<
  R extends RouteContract,
  A = RowAnswer<R> | Redirect | Response,
  F = FieldRules<R>,
> = {
  /**
   * The rules of the fields whose check needs the configuration or the caller (password rules,
   * limits) or is stricter than the row's wire shape; every other field is checked by the row's
   * own schema. The fields are the row's: declared once.
   */
  rules?: (config: AuthConfig, ctx: Context) => F;
  /** A rule across fields (Laravel's `confirmed`), on the whole object. */
  refine?: (schema: z.ZodObject) => z.ZodType;
  /** Throws when the call is refused whatever its fields (registration closed: 403 before any 422). */
  refuse?: (config: AuthConfig, ctx: Context) => void;
  /**
   * The application's rules that replace the row's whole schema when it gives them (register's
   * and impersonate's hooks, lib/server/hooks.ts): its fields are its own, typed as the row's.
   */
  replacedBy?: (config: AuthConfig, ctx: Context) => z.ZodType | undefined;
  dataRules?: Endpoint["dataRules"];
  nonJson?: Endpoint["nonJson"];
  run(ctx: Context, input: RowInput<R>): Promise<A>;
};

/**
 * The rest of endpointOf's arguments: none when the endpoint answers no field its row's output
 * lacks (`A`, at any depth) and names no rule for a field its row's input lacks (`F`); otherwise
 * one more, which no call gives, so tsc reports it by these names.
 */
export type RowChecked<A, F, R> = [
  AnswerExcess<A, RowAnswer<R>>,
  Exclude<keyof F, keyof Shape<R>>,
] extends [never, never]
  ? []
  : [
      problem: {
        "fields the row's output does not have": AnswerExcess<A, RowAnswer<R>>;
        "rules for fields the row's input does not have": Exclude<
          keyof F,
          keyof Shape<R>
        >;
      },
    ];

/** The schema that validates a request: the row's fields with the endpoint's rules in their place, strict, in the row's order. */
function boundSchema<R extends RouteContract>(
  row: R,
  spec: RowEndpointSpec<R, unknown, FieldRules<R>>,
): Endpoint["input"] {
  const { refuse, replacedBy, rules, refine } = spec;
  if (!row.input) return undefined;
  if (!(row.input instanceof z.ZodObject))
    throw new Error("a row's input with rules must be an object schema");
  const shape = row.input.shape;
  return (config, ctx) => {
    refuse?.(config, ctx);
    const replaced = replacedBy?.(config, ctx);
    // The application's rules replace the fields, not the row's challenge: its solution still
    // travels in `altcha` (decision record 108).
    if (replaced)
      return replaced instanceof z.ZodObject && shape.altcha
        ? replaced.extend({ altcha: shape.altcha })
        : replaced;
    const object = z.strictObject({
      ...shape,
      ...rules?.(config, ctx),
      ...IGNORED_FIELDS,
    });
    return refine ? refine(object) : object;
  };
}

/**
 * Binds an endpoint to its route row (decision record 094): `run` receives what the row's input
 * schema parses, and answers what its output schema accepts — tsc refuses a missing, mistyped or
 * extra field. The request is validated once, by the row's fields under the endpoint's rules.
 */
export function endpointOf<
  const R extends RouteContract,
  const A extends RowAnswer<R> | Redirect | Response,
  F extends FieldRules<R> = FieldRules<R>,
>(
  row: R,
  spec: RowEndpointSpec<R, A, F>,
  ..._problem: RowChecked<A, F, R>
): Endpoint {
  const input = boundSchema(row, spec);
  return {
    ...(input && { input }),
    ...(spec.dataRules && { dataRules: spec.dataRules }),
    ...(spec.nonJson && { nonJson: spec.nonJson }),
    row,
    run: spec.run as Endpoint["run"],
  };
}
