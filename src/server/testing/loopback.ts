// Tests only: the loopback HTTP servers the fakes run on.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Starts `server` on a free port of 127.0.0.1 and answers its base URL. */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Closes `server`, ending its open connections first. */
export async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}
