// Check my text (issue 31, item 12), /check: the writer pastes or uploads their own text (.txt, .md,
// .docx, .html) and checks it for AI. The text is saved as a document first (free, kind "own"), then
// the Results screen opens on it and checks it — verdict, highlights, reasons, Revise Content — as
// it does any draft. The check costs what every check costs (nothing for a text checked before).
import { ArrowRight, FileUp, ScanSearch } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { CREDITS } from "../../../shared/limits";
import { formatNumber } from "../../../shared/number-text";
import { PAGE_ROUTES } from "../../../shared/routes";
import { DETECTION_MAX_CHARS } from "../../../shared/verdict";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { FieldError, Input, Label, Textarea } from "../../components/ui/input";
import { PendingButton } from "../../components/ui/pending-button";
import { errorText } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { useAuth } from "../auth/auth-context";
import { SignedIn } from "../auth/signed-in";
import { DETECTION_COST } from "../credits/estimates";
import { useInsufficientCredits } from "../credits/insufficient-credits-dialog";
import { createOwnDocument } from "../documents/api";
import { resultsOf } from "../writing/use-url-document";
import { readUpload, titleFromFileName, UPLOAD_ACCEPT, UploadError } from "./read-file";

/** Why the text cannot be checked yet, or null. */
export function checkProblem(text: string): string | null {
  if (!text.trim()) return "Paste your text or upload a file first.";
  if (text.length > DETECTION_MAX_CHARS)
    return `Text is too long to check (${formatNumber(DETECTION_MAX_CHARS)} characters at most). Check it in parts.`;
  return null;
}

export function CheckPage() {
  const { openSignIn } = useAuth();
  return (
    <div className="mx-auto max-w-3xl space-y-6 py-2 sm:py-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Check my text</h1>
        <p className="text-slate-700">
          Paste or upload your own writing to see which sentences read as AI-written and why, then revise the flagged
          ones. Your text is saved in Documents.
        </p>
      </div>
      <SignedIn
        signedOut={
          <Card>
            <CardContent className="space-y-3 p-6">
              <p className="text-slate-700">Sign in to check your text. New accounts start with free credits.</p>
              <Button onClick={() => openSignIn("signin")}>Sign In</Button>
            </CardContent>
          </Card>
        }
      >
        <CheckForm />
      </SignedIn>
    </div>
  );
}

function CheckForm() {
  const navigate = useNavigate();
  const { credits } = useAuth();
  const insufficient = useInsufficientCredits();
  const ids = { title: useId(), text: useId(), file: useId(), counter: useId(), error: useId() };
  const [title, setTitle] = useState("");
  const [text, setText] = useState("");
  const [fileError, setFileError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [tried, setTried] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const problem = checkProblem(text);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setFileError(null);
    setReading(true);
    try {
      setText(await readUpload(file));
      if (!title.trim()) setTitle(titleFromFileName(file.name));
    } catch (err) {
      setFileError(err instanceof UploadError ? err.message : "This file could not be read. Paste its text instead.");
    } finally {
      setReading(false);
      if (fileInput.current) fileInput.current.value = "";
    }
  };

  const check = async () => {
    setTried(true);
    if (problem) return;
    const available = credits?.availableCredits;
    if (available !== undefined && available < CREDITS.detection) {
      insufficient.open({ required: CREDITS.detection, available });
      return;
    }
    setSaving(true);
    try {
      const doc = await createOwnDocument({ content: text, ...(title.trim() ? { title: title.trim() } : {}) });
      navigate(resultsOf(doc.id));
    } catch (err) {
      toast.error("Could not save your text", errorText(err, "Please try again"));
      setSaving(false);
    }
  };

  const shownError = tried ? problem : null;
  return (
    <Card>
      <CardContent className="p-4 sm:p-6">
        <form
          className="space-y-5"
          aria-label="Check my text"
          onSubmit={(e) => {
            e.preventDefault();
            void check();
          }}
        >
          <div className="space-y-1.5">
            <Label htmlFor={ids.title}>Title (optional)</Label>
            <Input
              id={ids.title}
              value={title}
              maxLength={200}
              onChange={(e) => setTitle(e.target.value)}
              placeholder="From the first line when left empty"
            />
          </div>

          <div className="space-y-1.5">
            <Label htmlFor={ids.file}>Upload a file</Label>
            <div className="flex flex-wrap items-center gap-3">
              <input
                ref={fileInput}
                id={ids.file}
                type="file"
                accept={UPLOAD_ACCEPT}
                onChange={(e) => void onFile(e.target.files?.[0])}
                disabled={reading || saving}
                aria-describedby={`${ids.file}-hint`}
                className="block text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-50"
              />
              {reading && (
                <span className="inline-flex items-center gap-1.5 text-sm text-slate-600" role="status">
                  <FileUp className="size-4" aria-hidden="true" /> Reading the file…
                </span>
              )}
            </div>
            <p id={`${ids.file}-hint`} className="text-xs text-slate-600">
              .txt, .md, .docx or .html, up to 5 MB. The text appears below for you to check before anything is sent.
            </p>
            <FieldError message={fileError ?? undefined} />
          </div>

          <div className="space-y-1.5">
            <div className="flex items-end justify-between gap-3">
              <Label htmlFor={ids.text}>Your text</Label>
              <span
                id={ids.counter}
                className={
                  text.length > DETECTION_MAX_CHARS ? "text-xs font-medium text-red-700" : "text-xs text-slate-600"
                }
              >
                {formatNumber(text.length)} / {formatNumber(DETECTION_MAX_CHARS)}
                <span className="sr-only"> characters</span>
              </span>
            </div>
            <Textarea
              id={ids.text}
              value={text}
              onChange={(e) => setText(e.target.value)}
              rows={14}
              aria-invalid={Boolean(shownError)}
              aria-describedby={`${ids.counter}${shownError ? ` ${ids.error}` : ""}`}
              placeholder="Paste the text you want to check: a blog post, an essay, an e-mail…"
              className="min-h-64 resize-y text-base leading-relaxed sm:text-sm"
            />
            <FieldError id={ids.error} message={shownError ?? undefined} />
          </div>

          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
            <Link
              to={PAGE_ROUTES.product}
              className="inline-flex items-center gap-1 text-sm text-brand-700 underline-offset-4 hover:underline"
            >
              Write a new draft instead <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
            <PendingButton
              type="submit"
              size="lg"
              pending={saving}
              icon={ScanSearch}
              pendingLabel="Saving your text…"
              disabled={saving || reading}
            >
              Check for AI · {DETECTION_COST}
            </PendingButton>
          </div>
          <p className="text-xs text-slate-600">
            Saving your text is free; the check costs {DETECTION_COST} (nothing when this exact text was checked
            before).
          </p>
        </form>
      </CardContent>
    </Card>
  );
}
