// `npm run dev`: the API with tsx watch (restarts on change) and Vite with hot reload, side by side.
// Open http://localhost:5173; Vite proxies /api to the API on API_PORT (default 5000).
import { spawn } from "node:child_process";

const apiPort = process.env.API_PORT ?? "5000";
const procs = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "src/server/main.ts"], {
    stdio: "inherit",
    env: { ...process.env, PORT: apiPort, NODE_ENV: "development" },
  }),
  spawn("npx", ["vite"], { stdio: "inherit", env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => {
  for (const p of procs) p.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const p of procs)
  p.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
