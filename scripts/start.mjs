#!/usr/bin/env node
// The production server: Next's standalone server.js with a graceful shutdown around it
// (decision record 040). The build copies this file beside server.js (scripts/standalone.mjs);
// `npm start` and the container run it from there.
//
// On SIGTERM (or SIGINT): /up answers 503 at once, and every answer carries Connection: close.
// For a second (the notice) the application still answers what arrives, so a load balancer that
// probes /up stops sending without a request failing. After it, what arrives (a new request on a
// kept-alive connection, a new connection) is answered here, never by the application: its body
// read, then 503 with Connection: close. Once no request but /up's has arrived or been answered
// for a moment, and none is under way, the listener closes (at half the timeout at the latest),
// idle connections close, the workers finish their job under way, the database closes, and the
// process exits 0. A second signal, or SHUTDOWN_TIMEOUT seconds, ends it at once
// with exit code 1.
import http from "node:http";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";

const LIFECYCLE = Symbol.for("next-laravel-auth.lifecycle");

/**
 * A whole number from the environment within its bounds, `fallback` when unset (and then set, for
 * what reads the variable after us); anything else stops the server at start, naming it.
 */
function boundedWholeNumber(name, fallback, min, max, unit) {
  const value = (process.env[name] ??= fallback);
  if (/^\d+$/.test(value) && Number(value) >= min && Number(value) <= max)
    return Number(value);
  console.error(
    `[boot] invalid configuration: ${name}: a whole number of ${unit} from ${min} to ${max}, got "${value}"`,
  );
  process.exit(1);
}

const SHUTDOWN_TIMEOUT_MS =
  boundedWholeNumber("SHUTDOWN_TIMEOUT", "10", 1, 3600, "seconds") * 1000;
// How long a kept-alive connection may stay idle, in milliseconds: Next's server.js reads it.
// Node's own 5 s is shorter than a load balancer's idle timeout (60 s on the common ones), so
// the server would close connections the balancer still counts as open, and a request sent on
// one at that instant meets a reset (a 502 at the balancer). 65 s leaves the closing to the
// balancer; a client sees `Keep-Alive: timeout=65` and drops the connection a second before.
boundedWholeNumber(
  "KEEP_ALIVE_TIMEOUT",
  "65000",
  1000,
  3_600_000,
  "milliseconds",
);
/** After the signal, how long the application still answers: a load balancer's probe of /up. */
const NOTICE_MS = 1000;
/** How long no request (but /up's) may arrive before the stream counts as stopped. */
const QUIET_MS = 500;
/** Past half the timeout the listener closes even if requests go on: the rest is the stop's. */
const LISTEN_DEADLINE_MS = SHUTDOWN_TIMEOUT_MS / 2;
/** How long a refused request's body is read before the 503 goes out anyway. */
const BODY_WAIT_MS = 2000;
/** The application's answer when the database is unreachable (lib/http/errors.ts): retry shortly. */
const REFUSAL = JSON.stringify({
  message: "Service temporarily unavailable. Please try again shortly.",
});

// server.js moves into its own folder: relative paths keep meaning the folder we were started in.
process.env.DATA_DIR = path.resolve(process.env.DATA_DIR || ".data");
if (process.env.MAIL_OUTBOX_DIR)
  process.env.MAIL_OUTBOX_DIR = path.resolve(process.env.MAIL_OUTBOX_DIR);
// The signals are ours; Next would close the listener and exit 143 without waiting for the workers.
process.env.NEXT_MANUAL_SIG_HANDLE = "true";

/** Shared with lib/server/lifecycle.ts: the draining flag /up reads, and the services' stop. */
const lifecycle = (globalThis[LIFECYCLE] ??= { draining: false, stop: null });
const servers = [];
/** The answers the application is writing. */
const answering = new Set();
/** Each open connection: its requests under way, and when and at which byte it last fell idle. */
const connections = new Map();
let accepted = 0;
let lastArrival = 0;
/** Clients' requests under way (refused ones too; not /up's), and when the last one was answered. */
let clientRequests = 0;
let lastAnswer = 0;
let began = 0;
let refused = 0;

// Next creates and binds its server inside server.js; we only need a handle on it. Its request
// listener moves behind ours, so that what arrives after the notice never reaches it.
const listen = http.Server.prototype.listen;
http.Server.prototype.listen = function (...args) {
  if (servers.includes(this)) return listen.apply(this, args);
  servers.push(this);
  const handlers = this.listeners("request");
  this.removeAllListeners("request");
  this.on("connection", (socket) => {
    accepted++;
    connections.set(socket, { busy: 0, since: Date.now(), bytesRead: 0 });
    socket.once("close", () => connections.delete(socket));
  });
  this.on("request", (request, response) => {
    const socket = request.socket;
    const connection = connections.get(socket);
    if (connection) connection.busy++;
    response.once("close", () => {
      if (!connection) return;
      connection.busy--;
      connection.since = Date.now();
      connection.bytesRead = socket.bytesRead;
    });
    // A load balancer probes /up every few moments whatever happens: it is no client's request.
    const isProbe = /^\/up(\?|$)/.test(request.url ?? "");
    if (!isProbe) {
      lastArrival = Date.now();
      clientRequests++;
      response.once("close", () => {
        clientRequests--;
        lastAnswer = Date.now();
      });
    }
    if (lifecycle.draining && !isProbe && Date.now() - began >= NOTICE_MS)
      return refuse(request, response);
    answering.add(response);
    response.once("close", () => answering.delete(response));
    if (lifecycle.draining) closeAfter(response);
    for (const handler of handlers) handler.call(this, request, response);
  });
  return listen.apply(this, args);
};

/** The connection closes once this answer is sent, so the client sends nothing more on it. */
function closeAfter(response) {
  if (!response.headersSent) response.setHeader("Connection", "close");
}

/**
 * 503 to a request that arrived after the notice, once its body is read: closing a connection
 * with unread data on it makes the kernel reset it, and the client would lose the answer.
 */
function refuse(request, response) {
  refused++;
  const answer = () => {
    if (response.headersSent || response.destroyed) return;
    response.writeHead(503, {
      "Content-Type": "application/json",
      "Content-Length": Buffer.byteLength(REFUSAL),
      "Retry-After": "5",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      Connection: "close",
    });
    response.end(REFUSAL);
  };
  if (request.complete) return answer();
  const giveUp = setTimeout(answer, BODY_WAIT_MS);
  request.once("end", () => {
    clearTimeout(giveUp);
    answer();
  });
  request.resume();
}

/** No request under way, nothing received since the last answer, and silent for QUIET_MS. */
function isIdle(socket, connection, now) {
  return (
    connection.busy === 0 &&
    socket.bytesRead === connection.bytesRead &&
    now - connection.since >= QUIET_MS
  );
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A log line as the server's own (pino's JSON). */
function line(level, msg) {
  const time = new Date().toISOString();
  process.stdout.write(`${JSON.stringify({ level, time, msg })}\n`);
}

/**
 * Closes the listeners once the clients have stopped sending: closing one resets every
 * connection the kernel has queued and Node has not accepted yet. A client waiting for an answer
 * has not stopped (its next request follows the answer), so the quiet counts from the last
 * arrival or answer, with no client's request under way: on a machine slow enough that every
 * client of a stream waited on its answer through the quiet, the listener had closed under them
 * and their next requests were refused (decision record 040). /up's probes do not count (a
 * probe reset is a probe failed, which is what it should learn). The poll phase just before a
 * setImmediate accepts all that is queued, so the listener closes in that turn unless a
 * connection came in it.
 */
async function closeListeners() {
  for (;;) {
    await sleep(20);
    const now = Date.now();
    const late = now - began >= LISTEN_DEADLINE_MS;
    const quiet =
      now - began >= NOTICE_MS &&
      clientRequests === 0 &&
      now - Math.max(lastArrival, lastAnswer) >= QUIET_MS;
    if (!quiet && !late) continue;
    const seen = accepted;
    await new Promise((resolve) => setImmediate(resolve));
    if (accepted !== seen && !late) continue;
    if (late) line("warn", "shutdown: requests still arriving, closing");
    // net's close, not http's: http's would at once destroy the connections that carry no
    // request yet, and a request already on its way on one of them would meet a reset.
    for (const server of servers) net.Server.prototype.close.call(server);
    return;
  }
}

async function shutdown(signal) {
  if (lifecycle.draining) {
    line("error", `shutdown: second ${signal}, exiting now`);
    process.exit(1);
  }
  lifecycle.draining = true;
  began = Date.now();
  line("info", `shutdown: ${signal}, draining ${answering.size} requests`);
  setTimeout(() => {
    line(
      "error",
      `shutdown: still busy after ${SHUTDOWN_TIMEOUT_MS / 1000} s, exiting now`,
    );
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS);
  for (const response of answering) closeAfter(response);
  await closeListeners();
  // A connection left idle is closed once it has been silent for a while; one whose client
  // sends on it at that very moment can still see a reset (record 040's consequences).
  while (connections.size > 0 || answering.size > 0) {
    const now = Date.now();
    for (const [socket, connection] of connections)
      if (isIdle(socket, connection, now)) socket.destroy();
    await sleep(20);
  }
  try {
    await lifecycle.stop?.();
  } catch (error) {
    line(
      "error",
      `shutdown: ${error instanceof Error ? error.message : error}`,
    );
    process.exit(1);
  }
  line(
    "info",
    `shutdown: done, ${refused} requests answered 503 after the notice`,
  );
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

createRequire(import.meta.url)(path.join(import.meta.dirname, "server.js"));
