// A process that holds credits and then hangs, as AI work would while waiting on a model. The
// crash test (ledger.concurrency.test.ts) kills it with SIGKILL mid-work.
//   tsx hold-and-hang.ts <databaseUrl> <userId> <amount> <requestId> <ttlSeconds>

import { openDatabase } from "../../db/client";
import { Ledger } from "../ledger";

const [databaseUrl, userId, amount, requestId, ttl] = process.argv.slice(2);
if (!databaseUrl || !userId || !amount || !requestId || !ttl) {
  console.error("usage: hold-and-hang.ts <databaseUrl> <userId> <amount> <requestId> <ttlSeconds>");
  process.exit(2);
}
const database = await openDatabase({ databaseUrl });
const ledger = new Ledger(database.db, { holdTtlSeconds: Number(ttl) });
await ledger.hold({ userId, amount: Number(amount), requestId });
process.stdout.write("held\n");
setInterval(() => {}, 60_000); // the "model call" that never returns
