import { createRequire } from "node:module";
import { definedAbilities } from "@/lib/policies/abilities";
import { getHooks } from "@/lib/server/hooks";

// Test files share their process (decision record 079). A file that replaces one of these
// globals changes every file after it, and the failure then shows far from its cause: here, the
// first file after it fails at once, naming what changed. Next's server modules are the known
// case: loading them patches most of this list (lib/server/proxy-matcher.test.ts).
// Through require: a patch replaces properties of the CommonJS exports, which an ESM namespace
// import of a built-in does not follow.
const nodeCrypto = createRequire(import.meta.url)(
  "node:crypto",
) as typeof import("node:crypto");
const watched = (): Record<string, unknown> => ({
  "console.log": console.log,
  "console.info": console.info,
  "console.warn": console.warn,
  "console.error": console.error,
  Date: globalThis.Date,
  "Date.now": Date.now,
  "Math.random": Math.random,
  setImmediate: globalThis.setImmediate,
  setTimeout: globalThis.setTimeout,
  "globalThis.crypto": globalThis.crypto,
  "node:crypto randomBytes": nodeCrypto.randomBytes,
  "node:crypto randomUUID": nodeCrypto.randomUUID,
  "globalThis.AsyncLocalStorage": (
    globalThis as { AsyncLocalStorage?: unknown }
  ).AsyncLocalStorage,
  "unhandledRejection listeners": process.listenerCount("unhandledRejection"),
  "uncaughtException listeners": process.listenerCount("uncaughtException"),
  // The application's hooks and abilities (docs/configuration.md "Extending") live in process-wide slots: a
  // hook or an ability one file set would replace a rule (isAdmin, the registration rules, who
  // may impersonate) in every file after it.
  "hooks set": Object.keys(getHooks()).sort().join(", "),
  "abilities defined": definedAbilities().join(", "),
});

const BASELINE = Symbol.for("next-laravel-auth.test.globals");
const holder = globalThis as { [BASELINE]?: Record<string, unknown> };
const now = watched();
const baseline = (holder[BASELINE] ??= now);
const changed = Object.keys(baseline).filter(
  (name) => baseline[name] !== now[name],
);
if (changed.length > 0)
  throw new Error(
    `a test file before this one changed ${changed.join(", ")} for every file after it: ` +
      "restore it before the file ends (test/support/app.ts resets the hooks and abilities), or load what " +
      "changes it in a process of its own (decision record 079)",
  );
