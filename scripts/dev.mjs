// `npm run dev`: the API with restart-on-change (tsx watch) and the client with hot reload (Vite),
// side by side. Open http://localhost:5173 (Vite's port; the next free one if it is taken): Vite
// proxies /api to the API, which listens on PORT (default 5000), as `npm start` does.
//
// Each tool runs in a process group of its own, with everything it starts (tsx's API process,
// Vite's esbuild service): SIGTERM or SIGINT here (a terminal's Ctrl-C, a service manager, npm
// passing one on) goes to every process of every group, and when one tool stops the other is
// stopped too. Under npm, this runner also stops everything when npm itself is killed outright.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const bin = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));
const port = process.env.PORT ?? "5000";
const env = { ...process.env, PORT: port };
// Output to this terminal; no input: a process outside the terminal's foreground group that reads
// it would be stopped (so Vite's keyboard shortcuts are off).
const STDIO = ["ignore", "inherit", "inherit"];

const tools = [
  spawn(bin("tsx"), ["watch", "--clear-screen=false", "src/server/main.ts"], {
    stdio: STDIO,
    env: { ...env, NODE_ENV: "development" },
    detached: true,
  }),
  spawn(bin("vite"), [], { stdio: STDIO, env, detached: true }),
];

let stopping = false;
/** Sends `signal` to every process of every tool's group (a group that is gone already is skipped). */
const signalAll = (signal) => {
  for (const tool of tools)
    if (tool.exitCode === null && tool.signalCode === null)
      try {
        process.kill(-tool.pid, signal);
      } catch {}
};
const stop = (signal = "SIGTERM") => {
  if (stopping) return;
  stopping = true;
  signalAll(signal);
  // Whatever has not stopped after 10 s is killed.
  setTimeout(() => signalAll("SIGKILL"), 10_000).unref();
};

process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGHUP", () => stop("SIGTERM"));
let running = tools.length;
for (const tool of tools)
  tool.on("exit", (code, signal) => {
    // The rest of the tool's group (a child it left behind) goes with it.
    try {
      process.kill(-tool.pid, "SIGTERM");
    } catch {}
    if (!stopping) process.exitCode = code ?? (signal ? 1 : 0);
    stop();
    if (--running === 0) process.exit();
  });

if (process.env.npm_lifecycle_event) {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop();
  }, 1000).unref();
}
