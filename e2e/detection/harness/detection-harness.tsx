// Test-only page (see ../harness.ts): the detection components wired as a writing screen would wire
// them — analyse a draft, read the stat cards, the panel and the highlight view, Revise Content
// (here: the flagged sentences replaced by plain ones) and the re-detection with its improvement.
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, useState } from "react";
import { createRoot } from "react-dom/client";
import { MemoryRouter } from "react-router";
import { Toaster } from "sonner";
import { Button } from "../../../src/client/components/ui/button";
import { Label, Textarea } from "../../../src/client/components/ui/input";
import { AuthProvider } from "../../../src/client/features/auth/auth-context";
import { InsufficientCreditsProvider } from "../../../src/client/features/credits/insufficient-credits-dialog";
import {
  DetectionPanel,
  HighlightedDraft,
  ImprovementSummary,
  StatCards,
  useDetectAi,
} from "../../../src/client/features/detection";
import { queryClient } from "../../../src/client/lib/query";
import type { DetectionResult } from "../../../src/shared/detection";
import { TOAST } from "../../../src/shared/limits";

const HARNESS_DRAFT = `# Why small bakeries should post daily photos

We tried it at our shop on **Elm Street** last March. I posted a photo of the sourdough at 7 a.m. every day for three weeks, and walk-ins went up by about 12 percent. Honestly, I didn't expect that. My sister thought I was wasting my mornings; she still says so, but she eats the croissants.

In today's fast-paced digital landscape, it is important to note that a vibrant online presence plays a pivotal role for local bakeries. Moreover, fresh photos foster trust and underscore the quality of every loaf.

- Shoot near the window, in the morning light.
- Post before the morning rush, every single day.

The old Nikon died in week two, so the rest went up from my phone. Nobody noticed. A regular, Dave, asked whether the rye was new (it wasn't, it's been on the shelf since 2019).

Furthermore, consistent posting is a testament to your commitment, highlighting your dedication to craft and community.
`;

// What a revision model would write instead: plain sentences, each different.
const PLAIN = [
  "The photos took me two minutes a day, tops.",
  "People like seeing bread, that's all there is to it.",
  "Dave says the rye looks better on Instagram than in real life, which stung.",
  "I still forget on Sundays.",
  "Half of it is just remembering to do it.",
];

function Harness() {
  const [text, setText] = useState(HARNESS_DRAFT);
  const [analysed, setAnalysed] = useState<string | null>(null);
  const [result, setResult] = useState<DetectionResult | null>(null);
  const [before, setBefore] = useState<DetectionResult | null>(null);
  const detect = useDetectAi();
  const redetect = useDetectAi({ failureTitle: "Revised AI Detection Failed" });

  const analyse = () =>
    detect.mutate(
      { text },
      {
        onSuccess: (r) => {
          setResult(r);
          setAnalysed(text);
          setBefore(null);
        },
      },
    );

  const revise = () => {
    if (!result || analysed === null) return;
    // Like Revise Content: the flagged sentences that carry reasons are rewritten, the rest kept.
    const withReasons = new Set((result.sentences ?? []).filter((s) => s.reasons.length > 0).map((s) => s.text));
    const targets = result.aiSentences.filter((s) => withReasons.has(s));
    let revised = analysed;
    (targets.length > 0 ? targets : result.aiSentences).forEach((s, i) => {
      revised = revised.replace(s, PLAIN[i % PLAIN.length]);
    });
    setText(revised);
    setBefore(result);
    redetect.mutate(
      { text: revised },
      {
        onSuccess: (r) => {
          setResult(r);
          setAnalysed(revised);
        },
      },
    );
  };

  const loading = detect.isPending || redetect.isPending;
  return (
    <main className="mx-auto max-w-6xl space-y-6 p-4">
      <h1 className="text-2xl font-bold">Detection components</h1>
      <div className="space-y-2">
        <Label htmlFor="draft">Draft</Label>
        <Textarea id="draft" rows={6} value={text} onChange={(e) => setText(e.target.value)} />
        <Button onClick={analyse} disabled={loading}>
          Analyze AI content
        </Button>
      </div>
      <section aria-label="Draft statistics">
        <StatCards result={result} loading={loading} wordCount={text.split(/\s+/).filter(Boolean).length} />
      </section>
      {before && (
        <section aria-label="Revision: before and after" className="rounded-lg border border-slate-200 bg-slate-50 p-3">
          <h2 className="mb-2 text-sm font-medium">Revision: before → after</h2>
          <ImprovementSummary before={before} after={redetect.isPending ? null : result} loading={redetect.isPending} />
        </section>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0">
          {result?.success && analysed !== null ? (
            <HighlightedDraft text={analysed} result={result} />
          ) : (
            <p className="text-sm text-slate-600">Analyze the draft to see its highlights.</p>
          )}
        </div>
        <aside aria-label="Analysis" className="min-w-0">
          <DetectionPanel
            result={result}
            loading={loading}
            onRevise={revise}
            revisePending={redetect.isPending}
            onFinalRewrite={() => undefined}
          />
        </aside>
      </div>
    </main>
  );
}

createRoot(document.getElementById("root") as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <MemoryRouter>
          <InsufficientCreditsProvider>
            <Harness />
          </InsufficientCreditsProvider>
        </MemoryRouter>
        <Toaster visibleToasts={TOAST.limit} duration={TOAST.durationMs} richColors closeButton position="top-center" />
      </AuthProvider>
    </QueryClientProvider>
  </StrictMode>,
);
