/** Shapes of the answers the front end reads (SPEC.md §2 and the host API contract). */
import { isUploadUri } from "@/lib/users/payload";

export type User = {
  id: number;
  name: string;
  email: string;
  email_verified_at: string | null;
  /** A new address awaiting confirmation from its mailbox (get-auth and the profile routes only). */
  pending_email?: string | null;
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
};

export type Provider = { name: string; label: string; driver: string; url: string };

export type Token = {
  id: number;
  name: string;
  abilities: string[];
  last_used_at: string | null;
  expires_at: string | null;
  created_at: string | null;
};

export type AdminUser = User & {
  is_admin: boolean;
  deleted_at: string | null;
  can: { impersonate: boolean; delete: boolean; restore: boolean };
};

export type Paginator<T> = { data: T[]; current_page: number; last_page: number; per_page: number; total: number };

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

export type AdminUserFilters = { search: string; page: number; status: UserStatus };

export type ActivityFilters = { user_id: string; event: string; from: string; to: string; page: number };

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
export type SettingRow = { key: string; group: string; value: unknown; source: SettingSource; editable: boolean; startup: unknown };

export type EnvironmentRow = { key: string; value: unknown; secret: boolean };

/** A social provider's configuration; the client secret arrives masked. */
export type ProviderRow = { name: string; driver: string; client_id: string; client_secret: string; redirect: string; [field: string]: unknown };

export type SettingsListing = { settings: SettingRow[]; environment: EnvironmentRow[]; providers: ProviderRow[]; refresh_seconds: number };

export type QueuedMail = { id: number; to: string[]; subject: string; attempts: number; available_at: string; created_at: string };

export type FailedMail = { id: number; to: string[]; subject: string; exception: string; failed_at: string };

export type MailQueue = { queued: QueuedMail[]; failed: FailedMail[] };
