import { buildProgram } from "@/cli/program";

// The command line's entry (package.json "auth": tsx with the react-server condition, so the
// server-only modules of lib/ load as they do in the server).
void buildProgram({
  environment: process.env,
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  async stdin() {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  },
}).parseAsync(process.argv);
