import { runCommandLine } from "@/cli/program";

// The command line's entry (package.json "auth": tsx with the react-server condition, so the
// server-only modules of lib/ load as they do in the server): the process's arguments, streams
// and environment, and its exit code.
void runCommandLine(process.argv.slice(2), {
  environment: process.env,
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  async stdin() {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  },
}).then((code) => {
  process.exitCode = code;
});
