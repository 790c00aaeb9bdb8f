// A request's body, read whole: the local gateway, the CloudFront stand-in of
// `--prod` and the local AWS stand-in all read bodies this one way.
import type * as http from "http";

/** The whole body. */
export function readBody(req: http.IncomingMessage): Promise<Buffer>;
/** The body, or undefined once it passes `limit` bytes (then the rest is read and dropped). */
export function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer | undefined>;
export function readBody(req: http.IncomingMessage, limit = Infinity): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size <= limit) chunks.push(c);
    });
    req.on("end", () => resolve(size > limit ? undefined : Buffer.concat(chunks)));
    req.on("error", reject);
  });
}
