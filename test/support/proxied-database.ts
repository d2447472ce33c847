import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { type Database, openDatabase } from "@/db/client";
import type { Services } from "@/lib/server/services";
import { POSTGRES_SERVER } from "./scratch-database";
import { servicesOn } from "./services";
import { startTcpProxy, type TcpProxy } from "./tcp-proxy";

export type ProxiedDatabase = {
  database: Database;
  proxy: TcpProxy;
  url: string;
  drop(): Promise<void>;
};

/**
 * A PostgreSQL schema of its own, reached through a TCP proxy the test can close and reopen.
 * The database client is the application's own (db/client.ts): same pool, same timeouts.
 */
export async function openProxiedDatabase(
  options: { max?: number } = {},
): Promise<ProxiedDatabase> {
  const direct = new URL(POSTGRES_SERVER);
  const proxy = await startTcpProxy({
    host: direct.hostname,
    port: Number(direct.port || 5432),
  });
  const schema = `fault_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(direct.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create schema "${schema}"`);
  const proxied = new URL(direct);
  proxied.hostname = "127.0.0.1";
  proxied.port = String(proxy.port);
  const database = openDatabase({
    url: proxied.toString(),
    searchPath: schema,
    max: options.max,
  });
  await database.migrate();
  return {
    database,
    proxy,
    url: proxied.toString(),
    async drop() {
      await database.close();
      await proxy.stop();
      await admin.unsafe(`drop schema "${schema}" cascade`);
      await admin.end();
    },
  };
}

export type ProxiedApp = {
  proxied: ProxiedDatabase;
  services: Services;
  /** Drops the database and the proxy, and deletes the data folder. */
  close(): Promise<void>;
};

/** The application's services (servicesOn) over a proxied database, in a data folder of their own. */
export async function openProxiedApp(
  env: Record<string, string> = {},
): Promise<ProxiedApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "auth-proxied-"));
  const proxied = await openProxiedDatabase();
  return {
    proxied,
    services: servicesOn(proxied.database, dataDir, env),
    async close() {
      await proxied.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
