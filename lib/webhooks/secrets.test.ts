import { describe, expect, it } from "vitest";
import {
  generateWebhookSecret,
  signWebhook,
  webhookSecretBytes,
} from "@/lib/webhooks/secrets";

describe("Standard Webhooks signatures", () => {
  it("matches the specification's example", () => {
    // The example of the Standard Webhooks specification (and Svix's libraries' tests).
    const signature = signWebhook(
      "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      "msg_p5jXN8AQM9LWM0D4loKWxJek",
      1614265330,
      '{"test": 2432232314}',
    );
    expect(signature).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });

  it("generates whsec_ secrets of 24 random bytes and accepts only well-formed ones", () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(webhookSecretBytes(secret)).toHaveLength(24);
    expect(generateWebhookSecret()).not.toBe(secret);
    expect(webhookSecretBytes("whsec_short")).toBeNull();
    expect(webhookSecretBytes(secret.slice("whsec_".length))).toBeNull();
    expect(
      webhookSecretBytes(`whsec_${Buffer.alloc(65).toString("base64")}`),
    ).toBeNull();
    expect(webhookSecretBytes(`whsec_${"*".repeat(32)}`)).toBeNull();
  });
});
