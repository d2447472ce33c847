/**
 * Checked by `npx tsc --noEmit` (decision record 062): the screens' types are the server's output
 * schemas, so reading a field a schema does not declare fails to compile. Each
 * `@ts-expect-error` below is such a read; were the field added to the schema, the directive
 * would be unused and tsc would fail instead, so this file follows the schemas both ways.
 */
import type { ApiClient } from "@/lib/client/api";
import type { AdminUser, RouteOutput, Session } from "@/lib/client/contract";

declare const api: ApiClient;
declare const session: Session;
declare const adminUser: AdminUser;

// get-auth's second-factor fields are declared (decision record 023): these compile.
export const declared: boolean[] = [
  session.two_factor_enabled,
  session.two_factor_required,
  adminUser.can.manage,
];

// @ts-expect-error get-auth answers `is_admin`, not `admin`
export const misnamed: boolean = session.admin;

// @ts-expect-error a user row has no `role`: the administration's list says `is_admin`
export const undeclared: unknown = adminUser.role;

export async function screens(): Promise<void> {
  const tokens = await api.call("tokens");
  // @ts-expect-error a token carries `abilities`, not `scopes`
  void tokens.tokens[0]?.scopes;

  const page = await api.call("api.admin.users.index", { page: 1 });
  // @ts-expect-error the paginator says `total`, not `count`
  void page.count;

  // @ts-expect-error login needs `password`: inputs are the rows' too
  await api.call("login", { email: "a@example.test" });

  // @ts-expect-error no route of the table is called `users`
  await api.call("users");

  // A route declared without a body answers nothing to read.
  const enabled: RouteOutput<"two-factor-enable"> =
    await api.call("two-factor-enable");
  // @ts-expect-error two-factor-enable answers no body
  void enabled.secret;
}
