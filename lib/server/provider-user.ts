/** What a provider tells us about the person signing in. */
export type ProviderUser = {
  id: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  avatar: string | null;
  raw: Record<string, unknown>;
};
