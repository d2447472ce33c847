// A client's form POST read and answered with constant JSON: what Next alone costs the token and
// introspection endpoints' load (bench/scenarios.mjs `anchorForm`), the floor under their figures.
export const dynamic = "force-dynamic";

export async function POST(request) {
  const form = await request.formData();
  return Response.json(
    { ok: form.has("token") || form.has("grant_type") },
    { headers: { "Cache-Control": "no-store" } },
  );
}
