import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";

/**
 * A single-page application on another origin, set up exactly as a Laravel SPA is: the real
 * axios package with `withCredentials` and `withXSRFToken`, `GET /sanctum/csrf-cookie` first.
 * The test drives it through `window.spa` with page.evaluate.
 */
const page = (apiBase: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>SPA</title><script src="/axios.js"></script></head>
<body><h1>Another origin</h1>
<script>
  const api = axios.create({ baseURL: ${JSON.stringify(apiBase)}, withCredentials: true, withXSRFToken: true,
    headers: { Accept: "application/json", "X-Requested-With": "XMLHttpRequest" } });
  const call = (promise) => promise.then((r) => ({ status: r.status, data: r.data }))
    .catch((e) => ({ status: e.response ? e.response.status : 0, data: e.response ? e.response.data : String(e.message) }));
  window.spa = {
    csrf: () => call(api.get("/sanctum/csrf-cookie")),
    login: (email, password) => call(api.post("/auth/login", { email, password })),
    getAuth: () => call(api.get("/auth/get-auth")),
    updatePassword: (old_password, password) => call(api.post("/auth/update-password", { old_password, password, password_confirmation: password })),
    logout: () => call(api.post("/auth/logout")),
    tokens: (token) => call(axios.post(${JSON.stringify(apiBase)} + "/auth/tokens", {}, { headers: { Accept: "application/json", Authorization: "Bearer " + token } })),
  };
</script></body></html>`;

export type SpaServer = { origin: string; close(): Promise<void> };

export async function startSpa(
  host: string,
  port: number,
  apiBase: string,
): Promise<SpaServer> {
  const axiosSource = readFileSync(
    path.join(process.cwd(), "node_modules/axios/dist/axios.min.js"),
  );
  const server = http.createServer((request, response) => {
    if (request.url === "/axios.js") {
      response
        .writeHead(200, { "content-type": "text/javascript" })
        .end(axiosSource);
      return;
    }
    if (request.url === "/favicon.ico") {
      response.writeHead(204).end();
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
