import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import { describe, expect, it, vi } from "vitest";
import {
  bcryptCompare,
  bcryptHash,
  HASHING_IDLE_MS,
  HASHING_NICE,
  LOWEST_PRIORITY,
} from "@/lib/auth/hashing-pool";

/** The process's own nice value, which `nice npm test` raises: the hashing threads sit below it. */
const BASE = os.getPriority(0);
const HASHING = Math.min(LOWEST_PRIORITY, BASE + HASHING_NICE);

/** Nice values of this process's threads (Linux: /proc/self/task/<tid>/stat, field 19). */
function threadNiceValues(): number[] {
  return readdirSync("/proc/self/task").map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
  });
}

describe("hashing pool (decision record 010: password hashing off the event loop, below its priority)", () => {
  it("hashes and verifies, many at once", async () => {
    const passwords = Array.from(
      { length: 12 },
      (_, index) => `password-${index}`,
    );
    const hashes = await Promise.all(
      passwords.map((password) => bcryptHash(password, 4)),
    );
    expect(hashes.every((hash) => /^\$2b\$04\$/.test(hash))).toBe(true);
    expect(
      await Promise.all(
        passwords.map((password, index) =>
          bcryptCompare(password, hashes[index] ?? ""),
        ),
      ),
    ).toEqual(passwords.map(() => true));
    expect(await bcryptCompare("wrong", hashes[0] ?? "")).toBe(false);
  });

  it("rejects what bcrypt rejects, and keeps working afterwards", async () => {
    await expect(bcryptHash("x", -1)).rejects.toThrow("Invalid salt");
    expect(await bcryptCompare("x", await bcryptHash("x", 4))).toBe(true);
  });

  it("runs on threads niced below the event loop, which keeps its own priority", async () => {
    await Promise.all([bcryptHash("a", 4), bcryptHash("b", 4)]);
    const nice = threadNiceValues();
    expect(
      nice.filter((value) => value === HASHING).length,
    ).toBeGreaterThanOrEqual(1);
    // The main thread's task id is the process id.
    const main = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8");
    expect(Number(main.slice(main.lastIndexOf(")") + 2).split(" ")[16])).toBe(
      BASE,
    );
  });

  it("ends threads idle for HASHING_IDLE_MS, and starts one again for the next task", async () => {
    const hashingThreads = () =>
      threadNiceValues().filter((value) => value === HASHING).length;
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      await Promise.all([bcryptHash("a", 4), bcryptHash("b", 4)]);
      expect(hashingThreads()).toBeGreaterThanOrEqual(1);
      vi.advanceTimersByTime(HASHING_IDLE_MS - 1);
      expect(hashingThreads()).toBeGreaterThanOrEqual(1);
      vi.advanceTimersByTime(1);
    } finally {
      vi.useRealTimers();
    }
    await vi.waitFor(() => expect(hashingThreads()).toBe(0));
    expect(await bcryptCompare("c", await bcryptHash("c", 4))).toBe(true);
  });
});
