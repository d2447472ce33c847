import { readFile } from "node:fs/promises";
import http from "node:http";
import path from "node:path";

/**
 * A page on another (stateful) origin that drives the official `@laravel/passkeys` browser client,
 * unchanged: its published ES modules (and the @simplewebauthn/browser it depends on) served from
 * node_modules with an import map, by the test only. `window.client` calls the package's
 * register() and verify() against this server's routes.
 */
const MODULES: Record<string, string> = {
  "/modules/laravel-passkeys/": "node_modules/@laravel/passkeys/dist/",
  "/modules/simplewebauthn-browser/":
    "node_modules/@laravel/passkeys/node_modules/@simplewebauthn/browser/esm/",
};

const page = (apiBase: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>@laravel/passkeys</title>
<script type="importmap">{"imports": {"@simplewebauthn/browser": "/modules/simplewebauthn-browser/index.js"}}</script></head>
<body><h1>@laravel/passkeys client</h1>
<script type="module">
  import { Passkeys } from "/modules/laravel-passkeys/index.js";
  const base = ${JSON.stringify(apiBase)};
  Passkeys.configure({ fetch: { credentials: "include" } });
  const settle = (promise) => promise.then((data) => ({ ok: true, data })).catch((error) => ({ ok: false, name: error.name, message: error.message }));
  window.client = {
    supported: () => Passkeys.isSupported(),
    register: (name) => settle(Passkeys.register({ name, routes: { options: base + "/auth/user/passkeys/options", submit: base + "/auth/user/passkeys" } })),
    verify: () => settle(Passkeys.verify({ routes: { options: base + "/auth/passkeys/login/options", submit: base + "/auth/passkeys/login" } })),
    getAuth: () => fetch(base + "/auth/get-auth", { credentials: "include", headers: { Accept: "application/json" } }).then((r) => r.json()),
  };
  document.body.dataset.ready = "1";
</script></body></html>`;

/** A module file under one of MODULES' folders, or null (nothing outside them is served). */
async function moduleSource(url: string): Promise<Buffer | null> {
  for (const [prefix, folder] of Object.entries(MODULES)) {
    if (!url.startsWith(prefix)) continue;
    const root = path.resolve(process.cwd(), folder);
    const file = path.resolve(root, url.slice(prefix.length));
    if (!file.startsWith(root + path.sep) || !file.endsWith(".js")) return null;
    return readFile(file).catch(() => null);
  }
  return null;
}

export type ClientPage = { origin: string; close(): Promise<void> };

export async function startLaravelPasskeysPage(
  host: string,
  port: number,
  apiBase: string,
): Promise<ClientPage> {
  const server = http.createServer((request, response) => {
    const url = request.url ?? "/";
    if (url === "/favicon.ico") return void response.writeHead(204).end();
    if (url.startsWith("/modules/")) {
      void moduleSource(url).then((source) =>
        source
          ? response
              .writeHead(200, { "content-type": "text/javascript" })
              .end(source)
          : response.writeHead(404).end(),
      );
      return;
    }
    response
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(page(apiBase));
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return {
    origin: `http://${host}:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
