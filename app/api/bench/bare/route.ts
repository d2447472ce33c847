// The floor of an API route in this server (npm run bench): an async route handler returning the
// same constant JSON as the benchmark's anchor, a minimal Next app (decision record 060).
// proxy.ts's matcher leaves it out (decision record 001; lib/server/proxy-matcher.test.ts checks
// it) and it sets no headers of the pipeline's, so beside the anchor it shows what every request
// of this server pays before any of our code runs.
export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  return Response.json(
    { ok: true },
    { headers: { "Cache-Control": "no-store, private" } },
  );
}
