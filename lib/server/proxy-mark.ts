/**
 * The response header proxy.ts adds to everything it handled: cheap to send (one metric name,
 * no timing), and it shows from outside which requests the proxy saw. The hot paths (get-auth,
 * bearer calls, the host's API) must never carry it (decision record 001).
 */
export const PROXY_MARK = { name: "Server-Timing", value: "proxy" } as const;
