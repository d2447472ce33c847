/** The device grant's screens (Passport 13's `passport.device.*` routes). */
export const DEVICE_PATHS = {
  code: "/oauth/device/code",
  entry: "/oauth/device",
  authorize: "/oauth/device/authorize",
} as const;
