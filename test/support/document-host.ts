import { execFileSync } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/** One document as the host serves it: the body and its response headers. */
export type HostedDocument = {
  body: string;
  headers?: Record<string, string>;
  status?: number;
};

export type DocumentHost = {
  /** `https://127.0.0.1:<port>`: client ids are URLs under it. */
  base: string;
  documents: Map<string, HostedDocument>;
  /** How many times each path was fetched. */
  hits: Map<string, number>;
  close(): Promise<void>;
};

/** A certificate for 127.0.0.1 made by openssl once per test process (the process boundary). */
function loopbackCertificate(): { key: Buffer; cert: Buffer } {
  const folder = mkdtempSync(path.join(tmpdir(), "document-host-"));
  const key = path.join(folder, "key.pem");
  const cert = path.join(folder, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:P-256",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdio: "ignore" },
  );
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

/**
 * An HTTPS host on 127.0.0.1 for clients' metadata documents (decision record 102): the MCP SDK
 * and the draft both want an https client id. Its certificate is self-signed, so a test that
 * fetches from it sets NODE_TLS_REJECT_UNAUTHORIZED=0 for its own process while it runs.
 */
export async function serveDocuments(): Promise<DocumentHost> {
  const documents = new Map<string, HostedDocument>();
  const hits = new Map<string, number>();
  const server = https.createServer(
    loopbackCertificate(),
    (incoming, outgoing) => {
      const pathname = new URL(incoming.url ?? "/", "https://host").pathname;
      hits.set(pathname, (hits.get(pathname) ?? 0) + 1);
      const document = documents.get(pathname);
      if (!document) {
        outgoing.writeHead(404).end();
        return;
      }
      outgoing.writeHead(document.status ?? 200, {
        "content-type": "application/json",
        ...document.headers,
      });
      outgoing.end(document.body);
    },
  );
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    base: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    documents,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
