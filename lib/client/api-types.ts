/** Shapes of the answers the front end reads (SPEC.md §2 and the host API contract). */
import { isUploadUri } from "@/lib/uploads/upload-uri";

export type User = {
  id: number;
  name: string;
  email: string;
  email_verified_at: string | null;
  /** A new address awaiting confirmation from its mailbox (get-auth and the profile routes only). */
  pending_email?: string | null;
  /** A confirmed second factor (get-auth and the administration's list). */
  two_factor_enabled?: boolean;
  payload: Record<string, unknown> | string | null;
  created_at: string | null;
  updated_at: string | null;
};

export type Session = {
  user: User | null;
  authenticated: boolean;
  is_admin: boolean;
  verified: boolean;
  impersonating: boolean;
  two_factor_enabled?: boolean;
  /** The policy (`two-factor.required`) wants a second factor this user has not set up: every other call answers 403 until they do. */
  two_factor_required?: boolean;
};

export type Provider = {
  name: string;
  label: string;
  driver: string;
  url: string;
};

export type Token = {
  id: number;
  name: string;
  abilities: string[];
  last_used_at: string | null;
  expires_at: string | null;
  created_at: string | null;
  // Decision record 045: the token's own settings and its use.
  idle_expires_in: number | null;
  rate_limit: number | null;
  quota: number | null;
  quota_refill: number | null;
  quota_interval: number | null;
  quota_remaining: number | null;
  allowed_ips: string[] | null;
  last_used_ip: string | null;
  last_used_user_agent: string | null;
  requests_24h: number;
  requests_30d: number;
  rolled_from: number | null;
  replaced_by: number | null;
};

export type AdminUser = User & {
  is_admin: boolean;
  deleted_at: string | null;
  /** `manage`: see and end their sessions, reset their second factor (never another administrator's). */
  can: {
    impersonate: boolean;
    delete: boolean;
    restore: boolean;
    manage: boolean;
  };
};

/** One signed-in browser of a user (`GET user/sessions`); times are ISO 8601. */
export type BrowserSession = {
  id: string;
  browser: string | null;
  system: string | null;
  ip_address: string | null;
  signed_in_at: string | null;
  last_active: string | null;
  method: string | null;
  current: boolean;
};

/** `GET user/two-factor-qr-code`: our own server's SVG of the `otpauth://` URL, and the URL. */
export type TwoFactorQrCode = { svg: string; url: string };

/** What an authenticator app needs to be set up: the QR code and the same secret as text. */
export type TwoFactorSetup = TwoFactorQrCode & { secretKey: string };

export type Paginator<T> = {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
};

export type UserRef = { id: number; name: string; email: string };

export type ActivityEntry = {
  id: number;
  event: string;
  description: string;
  subject: UserRef | null;
  causer: UserRef | null;
  properties: Record<string, unknown> | null;
  created_at: string;
};

export type UserStatus = "active" | "trashed" | "all";

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

/**
 * SPEC.md §2: `payload` may be an object or JSON text; `avatar` is a relative URI. Only an upload
 * of this application is shown: an older row may hold any address, and it must not make an
 * administrator's browser load it.
 */
export function avatarOf(user: Pick<User, "payload">): string | null {
  let payload = user.payload;
  if (typeof payload === "string") {
    try {
      payload = JSON.parse(payload) as Record<string, unknown>;
    } catch {
      return null;
    }
  }
  const avatar = payload?.avatar;
  return isUploadUri(avatar) ? avatar : null;
}

/** Where an effective setting's value comes from: the defaults, AUTH_CONFIG_JSON / ADMIN_EMAILS, or this page. */
export type SettingSource = "default" | "environment" | "settings";

/** One leaf of the auth configuration (`key` is its dotted path; `group` its first segment). */
export type SettingRow = {
  key: string;
  group: string;
  value: unknown;
  source: SettingSource;
  editable: boolean;
  startup: unknown;
};

export type EnvironmentRow = { key: string; value: unknown; secret: boolean };

/** A social provider's configuration; the client secret arrives masked. */
export type ProviderRow = {
  name: string;
  driver: string;
  client_id: string;
  client_secret: string;
  redirect: string;
  [field: string]: unknown;
};

export type SettingsListing = {
  settings: SettingRow[];
  environment: EnvironmentRow[];
  providers: ProviderRow[];
  refresh_seconds: number;
};

export type QueuedMail = {
  id: number;
  to: string[];
  subject: string;
  attempts: number;
  available_at: string;
  created_at: string;
};

export type FailedMail = {
  id: number;
  to: string[];
  subject: string;
  exception: string;
  failed_at: string;
};

export type MailQueue = { queued: QueuedMail[]; failed: FailedMail[] };

export type WebhookDeliveryStatus =
  "pending" | "retrying" | "succeeded" | "failed";

export type WebhookDelivery = {
  id: number;
  message_id: string;
  event: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  response_status: number | null;
  response_excerpt: string | null;
  error: string | null;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  created_at: string;
};

export type WebhookEndpoint = {
  id: number;
  url: string;
  description: string | null;
  events: string[];
  active: boolean;
  created_at: string;
  last_delivery: WebhookDelivery | null;
};

export type WebhookList = {
  data: WebhookEndpoint[];
  events: string[];
  allow_private_addresses: boolean;
};

export type NewWebhook = {
  url: string;
  events: string[];
  description: string | null;
  secret: string | null;
};
/** A passkey as GET user/passkeys lists it (decision record 025). */
export type Passkey = {
  id: number;
  name: string;
  authenticator: string | null;
  backed_up: boolean;
  created_at: string | null;
  last_used_at: string | null;
};
