// Tests only: the loopback HTTP servers the fakes run on.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";

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

/** Serves `fetch` (an app's) through @hono/node-server on a free port of 127.0.0.1: its base URL and a close. */
export function serveOnLoopback(
  fetch: (req: Request) => Response | Promise<Response>,
): Promise<{ url: string; close: () => void }> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) =>
      resolve({ url: `http://127.0.0.1:${info.port}`, close: () => server.close() }),
    );
  });
}
