import type { Redirect } from "@/lib/server/endpoint";

type Leaf =
  | string
  | number
  | boolean
  | bigint
  | symbol
  | null
  | undefined
  | Date
  | Redirect
  | Response;

type KeysOf<T> = T extends unknown ? keyof T : never;

type FieldOf<T, K extends PropertyKey> = T extends unknown
  ? K extends keyof T
    ? T[K]
    : never
  : never;

type ItemOf<T> = T extends readonly (infer I)[] ? I : never;

/**
 * The paths of the fields an answer `A` has and its declared shape `O` (a union, say) has
 * nowhere, at any depth: `never` when there is none. TypeScript checks that an answer has every
 * field of its type, not that it has no other; this is the other half (decision record 094).
 */
export type AnswerExcess<A, O, P extends string = ""> = 0 extends 1 & A
  ? never
  : A extends Leaf
    ? never
    : A extends readonly unknown[]
      ? AnswerExcess<ItemOf<A>, ItemOf<O>, `${P}[].`>
      : {
          [K in keyof A & string]: K extends KeysOf<O>
            ? AnswerExcess<A[K], FieldOf<O, K>, `${P}${K}.`>
            : `${P}${K}`;
        }[keyof A & string];
