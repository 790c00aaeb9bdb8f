// An API route: JSON from the server function.
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ ok: true, service: "stackfile-example" });
}
