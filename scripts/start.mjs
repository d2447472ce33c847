#!/usr/bin/env node
// The production server: Next's standalone server.js with a graceful shutdown around it
// (decision record 040). The build copies this file beside server.js (scripts/standalone.mjs);
// `npm start` and the container run it from there.
//
// On SIGTERM (or SIGINT): /up answers 503 and every answer carries Connection: close; once the
// requests in flight have finished (and a second at least has passed) the listener closes and a
// new connection is refused; the workers finish their job under way, the database closes, and
// the process exits 0.
// A second signal, or SHUTDOWN_TIMEOUT seconds, ends it at once with exit code 1.
import http from "node:http";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";

const LIFECYCLE = Symbol.for("next-laravel-auth.lifecycle");

const timeout = process.env.SHUTDOWN_TIMEOUT ?? "10";
if (!/^\d+$/.test(timeout) || Number(timeout) < 1 || Number(timeout) > 3600) {
  console.error(
    `[boot] invalid configuration: SHUTDOWN_TIMEOUT: a whole number of seconds from 1 to 3600, got "${timeout}"`,
  );
  process.exit(1);
}
const SHUTDOWN_TIMEOUT_MS = Number(timeout) * 1000;
/** The least time between the signal and closing the listener (a load balancer's probe of /up). */
const DRAIN_MIN_MS = 1000;
/** Event-loop turns given to accept the connections the kernel has queued, before the listener closes. */
const ACCEPT_TURNS = 3;

// server.js moves into its own folder: relative paths keep meaning the folder we were started in.
process.env.DATA_DIR = path.resolve(process.env.DATA_DIR || ".data");
if (process.env.MAIL_OUTBOX_DIR)
  process.env.MAIL_OUTBOX_DIR = path.resolve(process.env.MAIL_OUTBOX_DIR);
// The signals are ours; Next would close the listener and exit 143 without waiting for the workers.
process.env.NEXT_MANUAL_SIG_HANDLE = "true";

/** Shared with lib/server/lifecycle.ts: the draining flag /up reads, and the services' stop. */
const lifecycle = (globalThis[LIFECYCLE] ??= { draining: false, stop: null });
const servers = [];
const answering = new Set();

// Next creates and binds its server inside server.js; we only need a handle on it.
const listen = http.Server.prototype.listen;
http.Server.prototype.listen = function (...args) {
  servers.push(this);
  this.on("request", (request, response) => {
    answering.add(response);
    if (lifecycle.draining) closeAfter(response);
    response.once("close", () => answering.delete(response));
  });
  return listen.apply(this, args);
};

/** The connection closes once this answer is sent, so the client sends nothing more on it. */
function closeAfter(response) {
  if (!response.headersSent) response.setHeader("Connection", "close");
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A log line as the server's own (pino's JSON). */
function line(level, msg) {
  const time = new Date().toISOString();
  process.stdout.write(`${JSON.stringify({ level, time, msg })}\n`);
}

async function shutdown(signal) {
  if (lifecycle.draining) {
    line("error", `shutdown: second ${signal}, exiting now`);
    process.exit(1);
  }
  lifecycle.draining = true;
  line("info", `shutdown: ${signal}, draining ${answering.size} requests`);
  setTimeout(() => {
    line("error", `shutdown: still busy after ${timeout} s, exiting now`);
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS);
  for (const response of answering) closeAfter(response);
  // The listener stays open while requests are in flight, and for at least DRAIN_MIN_MS: a load
  // balancer polling /up sees the 503 and stops sending, and what still arrives is answered (with
  // Connection: close). Closing it while clients are still connecting would reset the connections
  // the kernel has queued and Node has not accepted yet.
  await sleep(DRAIN_MIN_MS);
  while (answering.size > 0) await sleep(20);
  // Let the event loop accept what is queued (each turn accepts everything waiting), then close.
  for (let turn = 0; turn < ACCEPT_TURNS; turn++)
    await new Promise((resolve) => setImmediate(resolve));
  // net's close, not http's: http's would at once destroy the connections that carry no request
  // yet, and a request already on its way on one of them would meet a reset. The idle ones are
  // closed when no request is in flight; close's callback runs when the last has.
  const closed = Promise.all(
    servers.map(
      (server) =>
        new Promise((resolve) =>
          net.Server.prototype.close.call(server, resolve),
        ),
    ),
  );
  const sweep = setInterval(() => {
    if (answering.size > 0) return;
    for (const server of servers) server.closeIdleConnections();
  }, 20);
  await closed;
  clearInterval(sweep);
  try {
    await lifecycle.stop?.();
  } catch (error) {
    line(
      "error",
      `shutdown: ${error instanceof Error ? error.message : error}`,
    );
    process.exit(1);
  }
  line("info", "shutdown: done");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

createRequire(import.meta.url)(path.join(import.meta.dirname, "server.js"));
