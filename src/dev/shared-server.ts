// One local server shared by a session's resources (dev's SQS for every
// queue, its SNS for every topic: a workload's SDK client has one endpoint per
// service). The first resource that holds it starts it; it closes when the
// last one lets go, and starts again if a resource holds it after that.
import type { SharedServer } from "../shared/component/local-runner";

export function sharedServer<S extends { close(): Promise<void> }>(start: () => Promise<S>): SharedServer<S> {
  let server: Promise<S> | undefined;
  let started: S | undefined;
  const holders = new Set<string>();
  return {
    hold(holder) {
      holders.add(holder);
      server ??= start().then((s) => (started = s), (err) => {
        server = undefined;
        throw err;
      });
      // A start that failed holds nothing.
      return server.catch((err) => {
        holders.delete(holder);
        throw err;
      });
    },
    async release(holder) {
      if (!holders.delete(holder) || holders.size || !server) return;
      const closing = server;
      server = undefined;
      started = undefined;
      await (await closing).close();
    },
    get current() {
      return started;
    },
  };
}
