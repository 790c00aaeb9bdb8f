// Echoes the Authorization header the request carried (a bearer token reaches
// route handlers through CloudFront), and shows that the header CloudFront
// adds for the server's own check never reaches the app.
export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  return Response.json({
    authorization: request.headers.get("authorization"),
    originHeader: request.headers.get("x-stackfile-origin"),
  });
}
