import { z } from "zod";
import { invalid } from "@/lib/http/errors";

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, {
      error: "The :attribute field is not valid base64url.",
    });

const common = {
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal("public-key"),
  clientExtensionResults: z
    .record(z.string(), z.unknown())
    .optional()
    .default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
};

/** The browser's registration response (`PublicKeyCredential.toJSON()`), checked at the edge. */
export const registrationCredentialSchema = z.looseObject({
  ...common,
  response: z.looseObject({
    clientDataJSON: base64url(8192),
    attestationObject: base64url(65536),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});

/** The browser's authentication response (`PublicKeyCredential.toJSON()`), checked at the edge. */
export const authenticationCredentialSchema = z.looseObject({
  ...common,
  response: z.looseObject({
    clientDataJSON: base64url(8192),
    authenticatorData: base64url(8192),
    signature: base64url(2048),
    userHandle: z.union([base64url(128), z.literal("")]).nullish(),
  }),
});

export type RegistrationCredential = z.infer<
  typeof registrationCredentialSchema
>;
export type AuthenticationCredential = z.infer<
  typeof authenticationCredentialSchema
>;

const clientDataSchema = z.object({
  type: z.string(),
  challenge: z.string().max(512),
  origin: z.string().max(2048),
});
export type ClientData = z.infer<typeof clientDataSchema>;

/** The client data the browser signed over (challenge, origin); 422 on `credential` when it is not JSON of that shape. */
export function readClientData(clientDataJSON: string): ClientData {
  try {
    return clientDataSchema.parse(
      JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")),
    );
  } catch {
    throw invalid("credential", "Invalid credential format.");
  }
}
