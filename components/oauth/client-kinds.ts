import type { OAuthClient } from "@/lib/client/contract";

const DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";

export type ClientKind = "confidential" | "public" | "machine";

/**
 * The three kinds of client an administrator creates (decision record 055), each a fixed set of
 * Passport's fields: a server-side web app keeps a secret; a public app (single-page, mobile,
 * command line) has none and uses PKCE, and may use the device grant; a machine signs in as
 * itself with client credentials and belongs to no user.
 */
export const CLIENT_KINDS: Record<
  ClientKind,
  {
    label: string;
    description: string;
    confidential: boolean;
    grantTypes: string[];
  }
> = {
  confidential: {
    label: "Web app with a server",
    description:
      "Confidential: signs users in and keeps a secret on its server.",
    confidential: true,
    grantTypes: ["authorization_code", "refresh_token"],
  },
  public: {
    label: "Single-page, mobile or command-line app",
    description:
      "Public: signs users in with PKCE or a device code, and has no secret.",
    confidential: false,
    grantTypes: ["authorization_code", "refresh_token", DEVICE_GRANT],
  },
  machine: {
    label: "Machine",
    description:
      "Client credentials: a service acting as itself, with only the scopes allowed here.",
    confidential: true,
    grantTypes: ["client_credentials"],
  },
};

/** The kind a listed client is, from its grants. */
export function kindOf(client: OAuthClient): ClientKind {
  if (
    client.grant_types.includes("client_credentials") &&
    !client.grant_types.includes("authorization_code")
  )
    return "machine";
  return client.confidential ? "confidential" : "public";
}
