// Counts a process's round trips to PostgreSQL by statement (`node --import ./bench/_sql-count.mjs`,
// BENCH_SQL_COUNT=<dir>): every socket write of the wire protocol is looked at, a round trip is a
// Sync (extended protocol: Parse/Bind/Execute/Sync) or a simple Query, named by its statement's text.
// SIGUSR2 writes the counts so far to <dir>/<pid>-<n>.json (n = 0, 1, …); the bench diffs two of them.
// Works on the bundled worker too: the driver is inlined, but its socket is node:net's.
import { writeFileSync } from "node:fs";
import net from "node:net";
import { join } from "node:path";

const dir = process.env.BENCH_SQL_COUNT;
if (dir) {
  const port = Number(process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL).port || 5432 : 5432);
  /** @type {Map<string, number>} */
  const counts = new Map();
  // The last statement parsed on each socket (its Sync is the round trip's end).
  const pending = new WeakMap();
  const add = (text) => {
    const key = text.replace(/\s+/g, " ").trim().slice(0, 240);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  const cstring = (buf, at) => {
    const end = buf.indexOf(0, at);
    return [buf.toString("utf8", at, end < 0 ? buf.length : end), end + 1];
  };
  const look = (socket, buf) => {
    let at = 0;
    while (at + 5 <= buf.length) {
      const type = String.fromCharCode(buf[at] ?? 0);
      const len = buf.readInt32BE(at + 1);
      if (len < 4 || at + 1 + len > buf.length) return;
      if (type === "P") {
        const [, afterName] = cstring(buf, at + 5);
        pending.set(socket, cstring(buf, afterName)[0]);
      } else if (type === "S" && len === 4) {
        add(pending.get(socket) ?? "(a prepared statement)");
        pending.delete(socket);
      } else if (type === "Q") {
        add(cstring(buf, at + 5)[0]);
      } else if (!"BDEHCFdcf".includes(type)) return; // the startup packet and the like: not protocol messages
      at += 1 + len;
    }
  };
  const write = net.Socket.prototype.write;
  net.Socket.prototype.write = function (chunk, ...rest) {
    if (this.remotePort === port) {
      try {
        if (Buffer.isBuffer(chunk)) look(this, chunk);
      } catch {}
    }
    return write.call(this, chunk, ...rest);
  };
  let n = 0;
  process.on("SIGUSR2", () => {
    // With --expose-gc, the heap in use after a full collection rides along (not a statement: "#heapMB").
    globalThis.gc?.();
    const heap = globalThis.gc ? { "#heapMB": Math.round(process.memoryUsage().heapUsed / 2 ** 20) } : {};
    writeFileSync(join(dir, `${process.pid}-${n++}.json`), JSON.stringify({ ...Object.fromEntries(counts), ...heap }));
  });
}
