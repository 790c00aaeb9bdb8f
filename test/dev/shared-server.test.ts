// One local server for a session's resources: started by the first holder,
// closed by the last one to let go, started again when held after that.
import * as assert from "assert";
import { sharedServer } from "../../src/dev/shared-server";

function counting() {
  const log: string[] = [];
  let n = 0;
  const start = async () => {
    const id = ++n;
    log.push(`start ${id}`);
    return { id, close: async () => void log.push(`close ${id}`) };
  };
  return { log, start };
}

describe("dev's shared local server", () => {
  it("starts once for every holder and closes when the last one lets go", async () => {
    const { log, start } = counting();
    const server = sharedServer(start);
    assert.strictEqual(server.current, undefined);
    const [a, b] = await Promise.all([server.hold("jobs"), server.hold("mail")]);
    assert.strictEqual(a, b);
    assert.strictEqual(server.current, a);
    await server.release("jobs");
    assert.deepStrictEqual(log, ["start 1"]);
    await server.release("mail");
    assert.deepStrictEqual(log, ["start 1", "close 1"]);
    assert.strictEqual(server.current, undefined);
  });

  it("a holder that holds again or lets go twice counts once", async () => {
    const { log, start } = counting();
    const server = sharedServer(start);
    await server.hold("jobs");
    await server.hold("jobs");
    await server.hold("mail");
    await server.release("mail");
    await server.release("mail");
    assert.deepStrictEqual(log, ["start 1"]);
    await server.release("jobs");
    assert.deepStrictEqual(log, ["start 1", "close 1"]);
  });

  it("a new holder holding it before the old one lets go keeps the same server (a resource made again)", async () => {
    const { log, start } = counting();
    const server = sharedServer(start);
    const first = await server.hold("jobs {\"v\":1}");
    const second = await server.hold("jobs {\"v\":2}");
    await server.release("jobs {\"v\":1}");
    assert.strictEqual(first, second);
    assert.deepStrictEqual(log, ["start 1"]);
  });

  it("starts a new server when held after the last let go, and again after a start that failed", async () => {
    const { log, start } = counting();
    let fail = true;
    const server = sharedServer(async () => {
      if (fail) throw new Error("port taken");
      return start();
    });
    await assert.rejects(server.hold("jobs"), /port taken/);
    fail = false;
    const one = await server.hold("jobs");
    await server.release("jobs");
    const two = await server.hold("jobs");
    assert.notStrictEqual(one, two);
    assert.deepStrictEqual(log, ["start 1", "close 1", "start 2"]);
  });
});
