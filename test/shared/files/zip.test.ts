// The deterministic zip on every Node.js the package takes (engines: >=20):
// zlib.crc32 exists from Node 20.15 (22.2 on 22); before it, a table CRC-32.
import * as assert from "assert";
import { randomBytes } from "crypto";
import * as zlib from "zlib";
import { crc32, deterministicZip, pickCrc32, readStoredZip, tableCrc32 } from "../../../src/shared/files/zip";

describe("zip", () => {
  it("the table CRC-32 gives the standard check value, and zlib's answer where this Node.js has zlib.crc32", () => {
    assert.strictEqual(tableCrc32(Buffer.from("123456789")), 0xcbf43926);
    assert.strictEqual(tableCrc32(Buffer.alloc(0)), 0);
    for (const n of [1, 7, 64, 4097]) {
      const data = randomBytes(n);
      assert.strictEqual(tableCrc32(data), crc32(data), `${n} bytes`);
      if (typeof zlib.crc32 === "function") assert.strictEqual(tableCrc32(data), zlib.crc32(data) >>> 0);
    }
  });

  it("uses zlib.crc32 where Node.js has it, the table where it does not (before 20.15)", () => {
    assert.strictEqual(pickCrc32({}), tableCrc32);
    const calls: number[] = [];
    const native = pickCrc32({ crc32: (d) => (calls.push(d.length), 0xffffffff | 0) });
    assert.strictEqual(native(Buffer.from("abc")), 0xffffffff);
    assert.deepStrictEqual(calls, [3]);
    assert.strictEqual(crc32 === tableCrc32, typeof zlib.crc32 !== "function", `Node.js ${process.version}`);
  });

  it("an archive's entries carry the CRC-32 of their bytes", () => {
    const data = randomBytes(1000);
    const zip = deterministicZip([{ name: "b.txt", data: Buffer.from("bee") }, { name: "a.txt", data }]);
    assert.deepStrictEqual(readStoredZip(zip).map((e) => e.name), ["a.txt", "b.txt"]);
    // The first local header is a.txt's: CRC-32 at offset 14.
    assert.strictEqual(zip.readUInt32LE(14), tableCrc32(data));
  });
});
