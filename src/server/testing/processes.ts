// Tests only: the processes a test starts (servers, `npm start`, `npm run dev`) and what they start.
import { execFileSync } from "node:child_process";
import { createServer } from "node:net";

/** A TCP port free on 127.0.0.1 right now. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** `root` and every process below it (children, their children, …). */
export function processTree(root: number): number[] {
  const rows = execFileSync("ps", ["-e", "-o", "pid=,ppid="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number));
  const found = [root];
  for (let i = 0; i < found.length; i++) for (const [pid, ppid] of rows) if (ppid === found[i]) found.push(pid);
  return found;
}

/** Whether process `pid` still exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
