import { sealData, unsealData } from "iron-session";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sealValue, unsealValue } from "@/lib/crypto/sealed";

const PASSWORD = "a-session-secret-that-is-at-least-32-characters";
const OTHER = "another-session-secret-at-least-32-characters";

describe("sealed values (iron's format, keys derived once per process)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("are opened by iron-session itself, as a server of the previous release opens them", async () => {
    const sealed = await sealValue({ sid: "a", csrf: "b" }, PASSWORD);
    expect(await unsealData(sealed, { password: PASSWORD, ttl: 0 })).toEqual({
      sid: "a",
      csrf: "b",
    });
    const expiring = await sealValue({ n: 1 }, PASSWORD, 60);
    expect(await unsealData(expiring, { password: PASSWORD, ttl: 60 })).toEqual(
      { n: 1 },
    );
  });

  it("open what iron-session sealed, and what they sealed, under the right password only", async () => {
    const theirs = await sealData(
      { csrf: "x" },
      { password: PASSWORD, ttl: 0 },
    );
    expect(await unsealValue(theirs, PASSWORD)).toEqual({ csrf: "x" });
    const ours = await sealValue({ csrf: "y" }, PASSWORD);
    expect(await unsealValue(ours, PASSWORD)).toEqual({ csrf: "y" });
    // The remembered keys are per password: another one neither opens nor seals with them.
    expect(await unsealValue(ours, OTHER)).toBeNull();
    const otherSealed = await sealValue({ csrf: "z" }, OTHER);
    expect(await unsealValue(otherSealed, PASSWORD)).toBeNull();
    expect(await unsealValue(otherSealed, OTHER)).toEqual({ csrf: "z" });
  });

  it("open a seal of this process without a derivation or a Web Crypto job, expired ones refused", async () => {
    await unsealValue(await sealValue({ warm: 1 }, PASSWORD), PASSWORD);
    const sealed = await sealValue({ sid: "c" }, PASSWORD);
    const expiring = await sealValue({ n: 2 }, PASSWORD, 60);
    await unsealValue(expiring, PASSWORD, 60);
    const subtle = globalThis.crypto.subtle;
    const calls = (
      ["importKey", "deriveBits", "decrypt", "sign", "verify"] as const
    ).map((name) => vi.spyOn(subtle, name));
    expect(await unsealValue(sealed, PASSWORD)).toEqual({ sid: "c" });
    expect(await unsealValue(expiring, PASSWORD, 60)).toEqual({ n: 2 });
    for (const call of calls) expect(call).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    vi.useFakeTimers({ now: Date.now() + 120_000, toFake: ["Date"] });
    try {
      expect(await unsealValue(expiring, PASSWORD, 60)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("differ for the same data (a new IV each time) and refuse a changed byte", async () => {
    const first = await sealValue({ csrf: "same" }, PASSWORD);
    const second = await sealValue({ csrf: "same" }, PASSWORD);
    expect(first).not.toBe(second);
    const [, , , iv1, data1] = first.split("*");
    const [, , , iv2, data2] = second.split("*");
    expect(iv1).not.toBe(iv2);
    expect(data1).not.toBe(data2);
    const data = data1 ?? "";
    const flipped = data.startsWith("A")
      ? `B${data.slice(1)}`
      : `A${data.slice(1)}`;
    expect(
      await unsealValue(first.replace(data, flipped), PASSWORD),
    ).toBeNull();
  });
});
