// Home / prompt screen (spec §2, §5, §9), at / and /draftsmith: hero, the single Generate tab, quick
// starters, the prompt with its 5000-character cap and counter, the model choice, and Generate behind
// its gates (text → signed in → what the draft and its check will cost), which hands the request to Results through the session.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowRight, BookOpen, Layers, ScanSearch, ShieldCheck, Sparkles } from "lucide-react";
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { PROMPT_MAX_CHARS } from "../../../shared/limits";
import { formatNumber } from "../../../shared/number-text";
import { creditCount } from "../../../shared/plural";
import { PAGE_ROUTES } from "../../../shared/routes";
import type { AiProvider, WritersResponse } from "../../../shared/writing";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Label, Textarea } from "../../components/ui/input";
import { SingleTab } from "../../components/ui/single-tab";
import { Spinner } from "../../components/ui/spinner";
import { takeEarlyInput } from "../../lib/early-input";
import { toast } from "../../lib/toast";
import { CREDITS_KEY, type CreditsBalance, useAuth } from "../auth/auth-context";
import { BuyMoreCreditsButton } from "../credits/buy-more-credits-button";
import { generateCredits } from "../credits/estimates";
import { useInsufficientCredits } from "../credits/insufficient-credits-dialog";
import { ModelNotice, WRITERS_KEY } from "../writing/model-notice";
import { readLastPrompt, savePendingRequest, takeInsufficientCreditsFlag } from "../writing/pending-request";
import { ModelSelector } from "./model-selector";
import { DEFAULT_PROMPT, QUICK_STARTERS, type QuickStarterId, starterPrompt } from "./sample-prompts";

/** Field names of the prompt and the model choice (what main.tsx keeps from before hydration). */
const PROMPT_FIELD = "prompt";
const MODEL_FIELD = "aiProvider";

export function HomePage() {
  const { user, credits, loading, openSignIn } = useAuth();
  const insufficient = useInsufficientCredits();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const promptId = useId();
  const counterId = useId();
  const helpId = useId();

  // The page is prerendered with the sample prompt (scripts/prerender.mjs). Before the first paint of
  // the hydrated page, what the visitor entered while the scripts loaded replaces it, else this tab's
  // last prompt. Once per mount (StrictMode runs layout effects twice).
  const [text, setText] = useState(DEFAULT_PROMPT);
  const [provider, setProvider] = useState<AiProvider>("openai");
  const restored = useRef(false);
  useLayoutEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const early = takeEarlyInput();
    const last = readLastPrompt();
    const typed = early.get(PROMPT_FIELD);
    const chosen = early.get(MODEL_FIELD);
    if (typed !== undefined) setText(typed.slice(0, PROMPT_MAX_CHARS));
    else if (last) setText(last.text);
    if (chosen === "anthropic" || chosen === "openai") setProvider(chosen);
    else if (last) setProvider(last.aiProvider);
  }, []);
  // The gate is what Generate will cost here: the draft (free from the offline sample writer) and its check.
  const writers = useQuery<WritersResponse>({ queryKey: WRITERS_KEY }).data;
  const offline = writers?.[provider]?.writer === "offline";
  const required = generateCredits({ offline, wordCount: "", briefChars: text.trim().length });
  const [clicks, setClicks] = useState<Record<QuickStarterId, number>>({ prompt: 0, guide: 0, explain: 0 });
  const [checking, setChecking] = useState(false);
  /** Set when Generate asked a signed-out visitor to sign in: generation continues once they have. */
  const [resumeAfterSignIn, setResumeAfterSignIn] = useState(false);

  // Results leaves this flag when the server refused for credits: open the dialog once, on arrival.
  useEffect(() => {
    const flag = takeInsufficientCreditsFlag();
    if (flag) insufficient.open({ required: flag.required ?? required, available: flag.available });
  }, [insufficient, required]);

  const generate = useCallback(async () => {
    const prompt = text.trim().slice(0, PROMPT_MAX_CHARS);
    if (!prompt) {
      toast.error("Please enter some text");
      return;
    }
    if (!user) {
      openSignIn("signin", () => setResumeAfterSignIn(true));
      return;
    }
    let available = credits?.availableCredits;
    if (available === undefined) {
      setChecking(true);
      try {
        available = (await queryClient.fetchQuery<CreditsBalance>({ queryKey: CREDITS_KEY })).availableCredits;
      } catch (err) {
        toast.fromError(err, "Could not check your credits");
        return;
      } finally {
        setChecking(false);
      }
    }
    if (available < required) {
      insufficient.open({ required, available });
      return;
    }
    savePendingRequest(prompt, provider);
    navigate(PAGE_ROUTES.results);
  }, [text, user, credits, openSignIn, queryClient, insufficient, provider, navigate, required]);

  useEffect(() => {
    if (resumeAfterSignIn && user) {
      setResumeAfterSignIn(false);
      void generate();
    }
  }, [resumeAfterSignIn, user, generate]);

  const applyStarter = (id: QuickStarterId) => {
    const starter = QUICK_STARTERS.find((s) => s.id === id);
    if (!starter) return;
    setText(starterPrompt(starter, clicks[id]));
    setClicks((c) => ({ ...c, [id]: c[id] + 1 }));
  };

  const length = text.length;
  const nearLimit = length > PROMPT_MAX_CHARS * 0.9;

  return (
    <div className="mx-auto max-w-3xl space-y-8 py-2 sm:py-6">
      <section className="space-y-4 text-center" aria-labelledby="home-title">
        <p className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-800 ring-1 ring-brand-200">
          <Sparkles className="size-3.5" aria-hidden="true" /> Drafts, AI detection, revision and SEO HTML
        </p>
        <h1 id="home-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl">
          Blog drafts that read like you wrote them
        </h1>
        <p className="mx-auto max-w-2xl text-base text-slate-700 sm:text-lg">
          Describe a post in one sentence. Draftsmith writes the draft, flags the sentences that sound machine-made,
          helps you fix them and hands you publish-ready HTML for WordPress or Shopify.
        </p>
      </section>

      <Card>
        <CardContent className="p-4 sm:p-6">
          <SingleTab
            label="Mode"
            className="space-y-5"
            aside={
              <Link
                to={PAGE_ROUTES.check}
                className="inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50 hover:text-slate-900"
              >
                <ScanSearch className="size-4" aria-hidden="true" /> Check my text
              </Link>
            }
            tab={
              <span className="flex items-center gap-1.5">
                <Sparkles className="size-4" aria-hidden="true" /> Generate
              </span>
            }
          >
            <form
              className="space-y-5"
              aria-label="Generate a draft"
              onSubmit={(e) => {
                e.preventDefault();
                void generate();
              }}
            >
              <div className="space-y-2">
                <p className="text-sm font-medium text-slate-800" id={`${promptId}-starters`}>
                  Quick starters
                </p>
                <ul className="flex flex-wrap gap-2" aria-labelledby={`${promptId}-starters`}>
                  {QUICK_STARTERS.map((s) => (
                    <li key={s.id}>
                      <Button
                        variant="outline"
                        size="sm"
                        className="rounded-full"
                        onClick={() => applyStarter(s.id)}
                        aria-label={`${s.label}: ${s.hint}. Fills in sample ${(clicks[s.id] % s.prompts.length) + 1} of ${s.prompts.length}`}
                      >
                        {s.label}
                      </Button>
                    </li>
                  ))}
                </ul>
              </div>

              <div className="space-y-2">
                <div className="flex items-end justify-between gap-3">
                  <Label htmlFor={promptId}>Describe your blog post</Label>
                  <span
                    id={counterId}
                    className={nearLimit ? "text-xs font-medium text-amber-800" : "text-xs text-slate-600"}
                    data-testid="prompt-counter"
                  >
                    {formatNumber(length)} / {formatNumber(PROMPT_MAX_CHARS)}
                    <span className="sr-only"> characters</span>
                  </span>
                </div>
                <Textarea
                  id={promptId}
                  name={PROMPT_FIELD}
                  value={text}
                  maxLength={PROMPT_MAX_CHARS}
                  rows={6}
                  onChange={(e) => setText(e.target.value.slice(0, PROMPT_MAX_CHARS))}
                  aria-describedby={`${helpId} ${counterId}`}
                  className="min-h-36 resize-y text-base leading-relaxed sm:text-sm"
                />
                <p id={helpId} className="text-xs text-slate-600">
                  One sentence: the document type, the topic or question, the reader and the outcome they want.
                </p>
              </div>

              <ModelSelector name={MODEL_FIELD} value={provider} onChange={setProvider} />
              <ModelNotice provider={provider} />

              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
                <nav aria-label="Help" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                  <Link
                    to={PAGE_ROUTES.promptingGuide}
                    className="inline-flex items-center gap-1 text-brand-700 underline-offset-4 hover:underline"
                  >
                    <BookOpen className="size-4" aria-hidden="true" /> Prompting guide
                  </Link>
                  <Link
                    to={PAGE_ROUTES.policy}
                    className="inline-flex items-center gap-1 text-brand-700 underline-offset-4 hover:underline"
                  >
                    <ShieldCheck className="size-4" aria-hidden="true" /> User policy
                  </Link>
                  <Link
                    to={PAGE_ROUTES.newBatch}
                    className="inline-flex items-center gap-1 text-brand-700 underline-offset-4 hover:underline"
                  >
                    <Layers className="size-4" aria-hidden="true" /> Many topics? New batch
                  </Link>
                </nav>
                <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
                  <BuyMoreCreditsButton />
                  <Button type="submit" size="lg" disabled={checking || loading} className="w-full sm:w-auto">
                    {checking ? <Spinner label="Checking your credits" /> : <Sparkles aria-hidden="true" />}
                    Generate
                    <ArrowRight aria-hidden="true" />
                  </Button>
                </div>
              </div>
              <CreditsNote
                signedIn={Boolean(user)}
                available={credits?.availableCredits}
                required={required}
                offline={offline}
              />
            </form>
          </SingleTab>
        </CardContent>
      </Card>
    </div>
  );
}

function CreditsNote({
  signedIn,
  available,
  required,
  offline,
}: {
  signedIn: boolean;
  available: number | undefined;
  required: number;
  offline: boolean;
}) {
  if (!signedIn) {
    return (
      <p className="text-xs text-slate-600">
        Sign in to generate. New accounts start with free credits; a draft costs about 3–5 credits (nothing when the
        offline sample writer answers).
      </p>
    );
  }
  const short = available !== undefined && available < required;
  const have = available !== undefined ? ` You have ${formatNumber(available)}.` : "";
  return (
    <p className={short ? "text-xs text-amber-800" : "text-xs text-slate-600"} data-testid="generate-cost">
      {offline
        ? `The offline sample writer's draft is free; checking it for AI costs ${creditCount(required)}.`
        : `This draft costs about ${creditCount(required)}, its AI check included; you pay for the words the model actually writes.`}
      {have}
    </p>
  );
}
