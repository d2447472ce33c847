// The benchmark's yardstick (npm run bench): the floor of an API route in this server, an async
// route handler returning constant JSON. proxy.ts's matcher leaves it out (decision record 001;
// lib/server/proxy-matcher.test.ts checks it), and it sets no headers of the pipeline's, so
// it costs only Next's own routing. Every scenario is reported as a ratio to it: the figures say
// what our code costs, not what the machine or the framework is.
export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  return Response.json(
    { ok: true },
    { headers: { "Cache-Control": "no-store, private" } },
  );
}
