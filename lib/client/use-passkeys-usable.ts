"use client";

import { browserSupportsWebAuthn } from "@simplewebauthn/browser";
import { useSyncExternalStore } from "react";
import { isPasskeyHost } from "@/lib/client/passkey-host";
import { useSettings } from "@/lib/client/settings-context";

const noChange = () => () => {};

/**
 * Whether passkeys can work on this page: the browser has WebAuthn and the page's host is the
 * relying party's domain or under it (decision record 070). False while rendering on the server,
 * so no passkey control flashes up and then disappears.
 */
export function usePasskeysUsable(): boolean {
  const { passkeys } = useSettings();
  return useSyncExternalStore(
    noChange,
    () =>
      browserSupportsWebAuthn() &&
      isPasskeyHost(window.location.hostname, passkeys.relyingPartyId),
    () => false,
  );
}
