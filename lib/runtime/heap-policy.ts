import { setFlagsFromString } from "node:v8";

/**
 * V8's heap policy for the server, beside the old-space limit `npm start` passes (decision
 * record 027). Under load V8 learns that a request's objects outlive a scavenge (50 of them are
 * in flight at once) and starts allocating them straight in the old space ("pretenuring"). They
 * die there a moment later, so the old space fills with garbage and, under the limit, V8 marks
 * the whole live heap about once a second, mostly on its helper threads. Off, they die young, as
 * they are: half the mark-compacts, 40 % less CPU on V8's helper threads per request, the same
 * memory (measured in decision record 060, "Where the rest went: the collector").
 *
 * Set at start-up rather than on the command line: `npm start`, `next start` and the container
 * all run instrumentation.ts, and Node refuses V8 flags of this kind in NODE_OPTIONS. V8 reads it
 * each time it weighs its pretenuring feedback, after a scavenge.
 */
export function applyHeapPolicy(): void {
  setFlagsFromString("--no-allocation-site-pretenuring");
}
