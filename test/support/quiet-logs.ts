import { createLogger, setRootLogger } from "@/lib/observability/logger";

// One JSON line per request would bury the test report: tests see warnings and errors only,
// and capture the rest when they check it (test/support/logs.ts).
setRootLogger(createLogger("warn"));
