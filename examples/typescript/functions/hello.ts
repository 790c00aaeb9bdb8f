// GET /hello of the API in index.ts. The cache is at STP_CACHE_HOST:STP_CACHE_PORT
// (TLS; password in CACHE_PASSWORD).
export async function handler() {
  return {
    statusCode: 200,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ hello: "world", cache: process.env.STP_CACHE_HOST ?? null }),
  };
}
