// One free account against everyone else's detections (issue 26): six POST /api/detect-ai at once,
// each a text of 49,999 '[' that runs to the CPU time limit, kept up for the whole round (each
// answer, a 429 included, is followed by the next request at once), while another user sends
// ordinary 500-word detections one after another. Figure: that user's median detection time under
// the attack ÷ its median on the idle server, measured in the same run just before. Goal ≤ 2×.
// BENCH_COMPARE=1 also runs the pool without the fair share (every thread open to one user, no
// limit on overruns: the code before issue 26) for the same figure.
// The server runs in this process (PGlite); both clients are fetch loops here too.
//   npx tsx bench/cpu-fair.ts   (BENCH_SECONDS=20 BENCH_IDLE=40 BENCH_COMPARE=1; CPU_TIME_LIMIT_MS reaches the config)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { seedOnce } from "../src/server/db/seed";
import { createDeps, type DepsOverrides } from "../src/server/deps";
import { createLogger } from "../src/server/logger";
import { listen, signUpUsers } from "./_harness";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const IDLE_SAMPLES = Number(process.env.BENCH_IDLE ?? 40);
const COMPARE = process.env.BENCH_COMPARE === "1";
const ATTACKERS = 6;
const GOAL = 2;

const SENTENCES = [
  "The bakery on the corner opens at seven, and most mornings the bread is gone by noon.",
  "Its owner learned the trade from her grandmother, who baked in a wood oven behind the house.",
  "Regulars know to ask for the rye, which never reaches the shelf on Saturdays.",
  "A new mixer arrived last spring, though the dough for the sourdough is still folded by hand.",
  "Prices went up twice this year, and nobody in the queue seemed to mind very much.",
  "On cold days the windows fog over and the smell of cardamom carries down the street.",
];
const PROSE = (() => {
  const out: string[] = [];
  for (let i = 0; out.join(" ").split(/\s+/).length < 500; i++) {
    out.push(SENTENCES[i % SENTENCES.length] as string);
    if (i % 5 === 4) out.push("\n\n");
  }
  return out.join(" ");
})();
const ATTACK = "[".repeat(49_999);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

async function detect(url: string, authorization: string, text: string) {
  const t0 = performance.now();
  const res = await fetch(`${url}/api/detect-ai`, {
    method: "POST",
    headers: { authorization, "content-type": "application/json" },
    body: JSON.stringify({ text }),
  });
  const body = (await res.json()) as { aiDetection?: { success: boolean } };
  return { ms: performance.now() - t0, status: res.status, success: body.aiDetection?.success === true };
}

async function victimRound(url: string, authorization: string, until: () => boolean) {
  const times: number[] = [];
  let failed = 0;
  while (until()) {
    const r = await detect(url, authorization, PROSE);
    if (r.status === 200 && r.success) times.push(r.ms);
    else failed++;
  }
  return { times, failed };
}

async function run(label: string, overrides: DepsOverrides["cpu"]) {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-cpu-fair-"));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    SIGN_UPS_PER_MINUTE: "1000",
    DATABASE_URL: undefined,
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir });
  try {
    await seedOnce(database.db, { welcomeBonusCredits: config.welcomeBonusCredits });
    const deps = createDeps(config, database, createLogger("silent"), { cpu: overrides });
    const server = await listen(createApp(deps).fetch);
    const [victim, attacker] = await signUpUsers(server.url, 2, `cpu-fair-${label.split(" ")[0]}-`);
    if (!victim || !attacker) throw new Error("sign-up failed");
    await deps.ledger.grant({ userId: victim.id, amount: 1_000_000, type: "grant", metadata: { reason: "bench" } });

    // Warm: the server's JIT, and both of the pool's workers (two users at once).
    for (let i = 0; i < 10; i++)
      await Promise.all([
        detect(server.url, victim.authorization, PROSE),
        detect(server.url, attacker.authorization, PROSE.slice(0, 600)),
      ]);

    let n = 0;
    const idle = await victimRound(server.url, victim.authorization, () => n++ < IDLE_SAMPLES);

    const end = Date.now() + SECONDS * 1000;
    const attackStatuses: Record<string, number> = {};
    const attack = Array.from({ length: ATTACKERS }, async () => {
      while (Date.now() < end) {
        const r = await detect(server.url, attacker.authorization, ATTACK);
        const key = r.status === 200 ? (r.success ? "200 scored" : "200 failed") : String(r.status);
        attackStatuses[key] = (attackStatuses[key] ?? 0) + 1;
      }
    });
    const attacked = await victimRound(server.url, victim.authorization, () => Date.now() < end);
    await Promise.all(attack);
    server.close();
    await deps.cpu.close();

    const idleMs = median(idle.times);
    const attackedMs = median(attacked.times);
    const ratio = attackedMs / idleMs;
    const report = {
      bench: "cpu-fair",
      pool: label,
      threads: deps.cpu.threads,
      timeLimitMs: deps.cpu.timeLimitMs,
      idle: { samples: idle.times.length, medianMs: +idleMs.toFixed(1), failed: idle.failed },
      attacked: {
        samples: attacked.times.length,
        medianMs: +attackedMs.toFixed(1),
        p90Ms: +(attacked.times.sort((a, b) => a - b)[Math.floor(attacked.times.length * 0.9)] ?? Number.NaN).toFixed(
          1,
        ),
        failed: attacked.failed,
      },
      attackAnswers: attackStatuses,
      ratio: +ratio.toFixed(2),
    };
    console.log(JSON.stringify(report));
    console.log(
      `cpu-fair (${label}): another user's detection, median ${idleMs.toFixed(0)} ms idle → ${attackedMs.toFixed(0)} ms ` +
        `under the attack (${attacked.times.length} detections in ${SECONDS} s, ${attacked.failed} not scored): ${ratio.toFixed(2)}× ` +
        `(goal ≤ ${GOAL}×, ${ratio <= GOAL ? "met" : "MISSED"}); the attack's answers: ${JSON.stringify(attackStatuses)}`,
    );
    return ratio;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ratio = await run("fair share", undefined);
// The pool as it was: every thread open to one user, overruns never counted.
if (COMPARE) await run("before (no fair share)", { perOwner: 64, overruns: { max: Number.MAX_SAFE_INTEGER } });
process.exit(ratio <= GOAL ? 0 : 1);
