// A binary upload: answers with the size and sha256 of the body it got, so a
// test can see that every byte arrived.
import { createHash } from "node:crypto";

export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  const body = Buffer.from(await request.arrayBuffer());
  return Response.json({ bytes: body.length, sha256: createHash("sha256").update(body).digest("hex") });
}
