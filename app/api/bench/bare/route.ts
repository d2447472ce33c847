// The benchmark's yardstick (npm run bench): the cheapest route this application can serve, a
// constant small JSON through the same server, proxy and headers as the API. Every scenario is
// reported as a ratio to it, so the figures say what our code costs, not what the machine is.
export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store, private" } });
}
