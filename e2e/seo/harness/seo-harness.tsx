// Test-only page (see ../../detection/harness.ts): the SeoPanel with an editable draft, as a writing
// screen embeds it; onHtml reports what it received.
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, useState } from "react";
import { createRoot } from "react-dom/client";
import { MemoryRouter } from "react-router";
import { Toaster } from "sonner";
import { Label, Textarea } from "../../../src/client/components/ui/input";
import { AuthProvider } from "../../../src/client/features/auth/auth-context";
import { InsufficientCreditsProvider } from "../../../src/client/features/credits/insufficient-credits-dialog";
import { SeoPanel } from "../../../src/client/features/seo";
import { queryClient } from "../../../src/client/lib/query";
import { TOAST } from "../../../src/shared/limits";

const para = (n: number, topic: string) =>
  Array.from(
    { length: n },
    (_, i) =>
      `Local bakeries win customers when their ${topic} answers the questions people ask before they walk in, point ${i + 1}.`,
  ).join(" ");

const DRAFT = `# How Small Bakeries Win Local Customers With Google Business Profile

${para(4, "profile")}

## Set up the profile properly

${para(6, "listing")}

<script>window.parent.__pwned = true</script>

<img src="x" onerror="window.parent.__pwned = true">

## Photos that sell bread

${para(6, "gallery")} Read [a good guide](https://example.com/guide).

- Fresh loaves at opening
- The team at work

## FAQ

### How often should I post photos?

${para(2, "photo schedule")}
`;

function Harness() {
  const [text, setText] = useState(DRAFT);
  const [received, setReceived] = useState<string | null>(null);
  return (
    <main className="mx-auto max-w-4xl space-y-6 p-4">
      <h1 className="text-2xl font-bold">SEO components</h1>
      <div className="space-y-2">
        <Label htmlFor="draft">Draft</Label>
        <Textarea id="draft" rows={5} value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      <p role="status" data-testid="on-html">
        {received === null ? "No HTML yet" : `onHtml received ${received.length} characters`}
      </p>
      <SeoPanel content={text} onHtml={(html) => setReceived(html)} onClose={() => setReceived(null)} />
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
