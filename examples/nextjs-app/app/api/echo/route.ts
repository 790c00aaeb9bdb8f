// A POST route: echoes the JSON body it got (proof that request bodies reach the server).
export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  return Response.json({ received: await request.json() });
}
