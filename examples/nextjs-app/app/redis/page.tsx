// A dynamic page that talks to the connected redis cluster (connectTo: [cache]).
import { pingRedis } from "./ping";

export const dynamic = "force-dynamic";

export default async function Redis() {
  const host = process.env.STP_CACHE_HOST;
  const port = Number(process.env.STP_CACHE_PORT ?? 6379);
  let result: string;
  if (!host) result = "not connected (STP_CACHE_HOST is not set)";
  else {
    try {
      result = await pingRedis(host, port, process.env.REDIS_PASSWORD ?? "");
    } catch (err) {
      result = `error: ${(err as Error).message}`;
    }
  }
  return (
    <main>
      <h1>Redis</h1>
      <p id="redis">{result}</p>
    </main>
  );
}
