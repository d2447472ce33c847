import { selectOne } from "../../../lib/database.mjs";

// One primary-key select, answered as JSON: the least a route that reads the database can cost.
export const dynamic = "force-dynamic";

export async function GET() {
  return Response.json(await selectOne(1), {
    headers: { "Cache-Control": "no-store, private" },
  });
}
