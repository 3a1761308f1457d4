// The Results screen's progress rule (spec §4, §9): a simulated value rises 0.5 every 100 ms up to
// 90 until the call returns, then jumps to 100; four phases at 25/50/75; status text rotating every
// 2.5 s. Pure functions here, the timers in useGenerationProgress.
import { PROGRESS } from "../../../shared/limits";

export type Phase = "analyzing" | "writing" | "optimizing" | "finalizing";

export const PHASES: { id: Phase; label: string }[] = [
  { id: "analyzing", label: "Analyzing" },
  { id: "writing", label: "Writing" },
  { id: "optimizing", label: "Optimizing" },
  { id: "finalizing", label: "Finalizing" },
];

/** Status lines per phase; the screen rotates through the current phase's lines. */
export const PHASE_MESSAGES: Record<Phase, string[]> = {
  analyzing: [
    "Reading your brief…",
    "Working out who the reader is and what they need…",
    "Choosing the outcome the post should deliver…",
  ],
  writing: [
    "Writing the draft with the PROSE method…",
    "Leading with the reader's intent…",
    "Keeping the language plain and specific…",
  ],
  optimizing: [
    "Varying the sentence rhythm…",
    "Cutting filler and stock phrases…",
    "Making the headings say something…",
  ],
  finalizing: ["Checking the structure…", "Polishing the conclusion…", "Almost there…"],
};

/** One tick of the simulated progress: +0.5, never past the cap while the call runs. */
export function nextProgress(current: number): number {
  if (current >= PROGRESS.cap) return current;
  return Math.min(PROGRESS.cap, Math.round((current + PROGRESS.step) * 10) / 10);
}

/** analyzing 0–25, writing 25–50, optimizing 50–75, finalizing 75 and above. */
export function phaseFor(progress: number): Phase {
  const [a, b, c] = PROGRESS.phases;
  if (progress < a) return "analyzing";
  if (progress < b) return "writing";
  if (progress < c) return "optimizing";
  return "finalizing";
}

/** The rotating status line: the n-th rotation, within the current phase's list. */
export function statusMessage(phase: Phase, rotation: number): string {
  const list = PHASE_MESSAGES[phase];
  return list[((rotation % list.length) + list.length) % list.length];
}
