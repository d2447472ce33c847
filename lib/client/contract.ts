import type { z } from "zod";
import type * as Contract from "@/lib/contract";

/**
 * The API as the front end sees it, inferred from the server's route rows (decision record 062):
 * the auth actions' table and every host contract of lib/contract, read through its one index
 * (decision record 113), by the name the route manifest gives each. Types only: nothing here
 * reaches the browser's bundle.
 */
type ContractsOf<M> = M extends unknown
  ? {
      [K in keyof M]: M[K] extends Contract.HostContract ? M[K] : never;
    }[keyof M]
  : never;
type HostContracts = ContractsOf<Contract.FeatureModules>;

type Contracts = typeof Contract.AUTH_ACTIONS & {
  [C in HostContracts as C["name"]]: C;
};

/** Every route the client can call: an auth action's name or a host route's. */
export type RouteName = keyof Contracts & string;

type TemplateOf<C> = C extends { uri: infer U }
  ? U
  : C extends { path: infer P }
    ? P
    : never;

/** `user/passkeys/{passkey}` → `{passkey: string | number}`. */
type PathParams<T> = T extends `${string}{${infer Key}}${infer Rest}`
  ? { [K in Key]: string | number } & PathParams<Rest>
  : unknown;

type BodyOf<C> = C extends { input: infer I extends z.ZodType }
  ? z.input<I>
  : unknown;

/** What a call of `N` takes: its fields and its path's parameters. */
export type RouteInput<N extends RouteName> = BodyOf<Contracts[N]> &
  PathParams<TemplateOf<Contracts[N]>>;

/** What a successful call of `N` answers: its output schema's type, or `""`/null without a body. */
export type RouteOutput<N extends RouteName> =
  Contracts[N]["output"] extends infer O
    ? O extends z.ZodType
      ? z.output<O>
      : O extends Contract.NoBody
        ? "" | null
        : never
    : never;

// The shapes the screens read, each inferred from the schema the server's answers are tested against.
export type {
  User,
  Session,
  Token,
  BrowserSession,
  Passkey,
} from "@/lib/contract";

type Row<T> = T extends readonly (infer R)[] ? R : never;

export type AdminUser = Row<RouteOutput<"api.admin.users.index">["data"]>;
export type ActivityEntry = Row<RouteOutput<"api.admin.activity">["data"]>;
export type UserRef = NonNullable<ActivityEntry["subject"]>;
export type SettingsListing = RouteOutput<"api.admin.settings">;
export type SettingRow = Row<SettingsListing["settings"]>;
export type SettingSource = SettingRow["source"];
export type EnvironmentRow = Row<SettingsListing["environment"]>;
export type ProviderRow = Row<SettingsListing["providers"]>;
export type MailQueue = RouteOutput<"api.admin.mail">;
export type QueuedMail = Row<MailQueue["queued"]>;
export type FailedMail = Row<MailQueue["failed"]>;
export type WebhookList = RouteOutput<"api.admin.webhooks.index">;
export type WebhookEndpoint = Row<WebhookList["data"]>;
export type WebhookDelivery =
  RouteOutput<"api.admin.webhooks.test">["delivery"];
export type WebhookDeliveryStatus = WebhookDelivery["status"];
export type TeamPage = RouteOutput<"teams.show">;
export type TeamMember = Row<TeamPage["team"]["users"]>;
export type TeamRole = Row<TeamPage["availableRoles"]>;

/** A client as GET /oauth/clients lists it (Passport 13's fields; `scopes`: the allowed list, null for any). */
export type OAuthClient = Row<RouteOutput<"passport.clients.index">>;
/** What POST /oauth/clients takes from an administrator. */
export type NewOAuthClient = RouteInput<"passport.clients.store">;
/** A client just created or given a new secret: the plain secret, shown once (null for a public client). */
export type ClientWithSecret = RouteOutput<"passport.clients.store">;
export type OAuthScope = Row<RouteOutput<"passport.scopes.index">>;
/** A resource as GET /api/admin/oauth-resources lists it (decision record 101). */
export type OAuthResource = Row<
  RouteOutput<"api.admin.oauth-resources.index">["data"]
>;
/** What POST /api/admin/oauth-resources takes. */
export type NewOAuthResource = RouteInput<"api.admin.oauth-resources.store">;

/** What an authenticator app needs to be set up: the QR code and the same secret as text. */
export type TwoFactorSetup = Extract<
  RouteOutput<"two-factor-qr-code">,
  { svg: string }
> &
  RouteOutput<"two-factor-secret-key">;

// The screens' filters, sent as the listings' query strings.
export type UserStatus = z.output<typeof Contract.userStatusSchema>;

export type AdminUserFilters = {
  search: string;
  page: number;
  status: UserStatus;
};

export type ActivityFilters = {
  user_id: string;
  event: string;
  from: string;
  to: string;
  page: number;
};
