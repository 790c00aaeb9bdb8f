// The function `hello` of stack.yaml, behind the gateway `api`: GET /hello
// greets (JSON, or YAML with ?format=yaml, written by the `yaml` package),
// GET /redis PINGs the cache this function is connected to. It answers API
// Gateway events of payload format 1.0 and 2.0.
import { stringify } from "yaml";
import { pingRedis } from "./redis";
import { requestOf, respond, type ApiResponse } from "./http";

export async function handler(event: unknown): Promise<ApiResponse> {
  const request = requestOf(event);
  if (request.path === "/redis") {
    const host = process.env.STP_CACHE_HOST;
    const port = Number(process.env.STP_CACHE_PORT);
    if (!host || !port) return respond(500, { error: "not connected to the cache (STP_CACHE_HOST, STP_CACHE_PORT)" });
    try {
      return respond(200, { redis: await pingRedis(host, port, process.env.REDIS_PASSWORD ?? "") });
    } catch (err) {
      return respond(502, { error: (err as Error).message });
    }
  }
  const body = {
    greeting: process.env.GREETING ?? "Hello!",
    method: request.method,
    path: request.path,
    payloadFormat: request.version,
    // The names of the variables connectTo injects (their values stay in the function).
    connected: Object.keys(process.env).filter((k) => k.startsWith("STP_")).sort(),
  };
  if (request.query.format === "yaml") return respond(200, stringify(body), "application/yaml");
  return respond(200, body);
}
