/**
 * Passport's `passport:keys` file names, in DATA_DIR (its `storage/`), and the key a rotation
 * replaced. A module of its own: the health panel looks for the files without bundling the
 * code that writes them (lib/oauth/key-files.ts).
 */
export const KEY_FILES = {
  private: "oauth-private.key",
  public: "oauth-public.key",
  previousPublic: "oauth-public.previous.key",
} as const;
