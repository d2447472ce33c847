import { prune } from "@/lib/runtime/pruning";
import type { TestApp } from "./app";

/** Runs the pruning task now, on the test application's clock. */
export const pruneNow = (app: TestApp) =>
  prune({
    db: app.database.db,
    config: app.services.config,
    env: app.services.env,
    now: app.services.now(),
  });
