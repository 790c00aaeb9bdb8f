// GET /hello of the API in Pulumi.yaml. The cache's host is in CACHE_HOST.
export async function handler() {
  return {
    statusCode: 200,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ hello: "world", cache: process.env.CACHE_HOST ?? null }),
  };
}
