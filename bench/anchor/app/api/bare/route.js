// Constant JSON, exactly as the application's /api/bench/bare answers it.
export const dynamic = "force-dynamic";

export async function GET() {
  return Response.json(
    { ok: true },
    { headers: { "Cache-Control": "no-store, private" } },
  );
}
