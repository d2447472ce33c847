import "server-only";
import { InvalidArgumentError } from "commander";
import { CliError, type CliCommand, withEnvironment } from "@/cli/context";

type Options = {
  force?: boolean;
  rotate?: boolean;
  print?: boolean;
  length: number;
};

/** `--length`: an RSA modulus the signatures stay safe with, as `passport:keys --length` takes. */
function keyLength(value: string): number {
  const bits = Number(value);
  if (!Number.isInteger(bits) || bits < 2048 || bits > 16384 || bits % 8 !== 0)
    throw new InvalidArgumentError("a whole number of bits from 2048 to 16384");
  return bits;
}

/** One PEM on one line with `\n`, as a `.env` file or a secret store holds it (lib/oauth/keys.ts reads both). */
const oneLine = (pem: string) => pem.trim().replace(/\n/g, "\\n");

/**
 * `oauth:keys`: Passport's `passport:keys` — the OAuth server's RSA pair in DATA_DIR at mode 0600,
 * refused where keys exist unless `--force`; `--rotate` keeps the replaced public key published
 * beside the new one (decision record 092); `--print` writes nothing and prints the pair as
 * environment lines for a secret store.
 */
export const oauthKeysCommand: CliCommand = (program, io) => {
  program
    .command("oauth:keys")
    .description(
      "create the OAuth server's signing keys (Passport's passport:keys) in DATA_DIR, or print them",
    )
    .option("--length <bits>", "the length of the private key", keyLength, 4096)
    .option("--force", "overwrite keys that already exist")
    .option(
      "--rotate",
      "replace the keys, publishing the old public key until its tokens expire",
    )
    .option(
      "--print",
      "print the keys as PASSPORT_* lines instead of writing files",
    )
    .action(
      withEnvironment(io, async (cli, options: Options) => {
        const { KEY_FILES, keyFilesExist, makeKeyPair, writeKeyFiles } =
          await import("@/lib/oauth/key-files");
        const pair = makeKeyPair(options.length);
        if (options.print) {
          cli.print(`PASSPORT_PRIVATE_KEY="${oneLine(pair.privateKey)}"`);
          cli.print(`PASSPORT_PUBLIC_KEY="${oneLine(pair.publicKey)}"`);
          return;
        }
        const dir = cli.env.DATA_DIR;
        if (keyFilesExist(dir) && !options.force && !options.rotate)
          throw new CliError(
            "Encryption keys already exist. Use the --force option to overwrite them, or --rotate to replace them.",
          );
        writeKeyFiles(dir, pair, { rotate: options.rotate });
        cli.print("Encryption keys generated successfully.");
        if (options.rotate)
          cli.print(
            `The replaced public key is ${KEY_FILES.previousPublic}: delete it once the tokens it signed have expired (oauth.access-token-minutes), and restart.`,
          );
      }),
    );
};
