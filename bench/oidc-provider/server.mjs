// The benchmark's OAuth peer (npm run bench, decision record 104): panva's oidc-provider in a
// process of its own, its default adapter in memory, with one confidential machine client.
// It serves the grant and the introspection the benchmark sends this application's server:
// client_credentials with client_secret_basic, and RFC 7662 introspection of the token issued.
import Provider from "oidc-provider";

const port = Number(process.env.PORT ?? 3413);
const CLIENT = {
  client_id: "bench-machine",
  client_secret: "bench-machine-secret-of-forty-characters",
};

const provider = new Provider(`http://127.0.0.1:${port}`, {
  clients: [
    {
      ...CLIENT,
      grant_types: ["client_credentials"],
      redirect_uris: [],
      response_types: [],
      scope: "profile",
    },
  ],
  scopes: ["openid", "profile"],
  cookies: { keys: ["bench-cookie-key-of-the-oauth-peer"] },
  features: {
    clientCredentials: { enabled: true },
    introspection: { enabled: true },
    devInteractions: { enabled: false },
  },
  ttl: { ClientCredentials: 3600 },
});
// The load comes from many addresses (x-forwarded-for), as it does to this application.
provider.proxy = true;
provider.listen(port, "127.0.0.1", () => {
  console.log(`oidc-provider on http://127.0.0.1:${port}`);
});
