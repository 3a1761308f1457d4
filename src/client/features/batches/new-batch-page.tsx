// New batch (/batches/new, issue 27): topics pasted one a line or a CSV uploaded, defaults for the
// whole batch, the pipeline (revise rounds, SEO HTML), and the estimate beside the balance. Every row
// is checked with the single draft's rules as it is typed; a bad row is listed with its line and
// reason and fixed in place, never dropped.
import { FileUp, Loader2 } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import {
  BATCH_MAX_ROWS,
  type BatchDefaults,
  type BatchInvalidResponse,
  type BatchRowField,
  type BatchRowInput,
  type BatchRowProblem,
  estimateBatchCredits,
  REVISE_ROUNDS,
  validateBatchRows,
} from "../../../shared/batches";
import { countOf, creditCount } from "../../../shared/plural";
import { batchPath } from "../../../shared/routes";
import { SEO_PLATFORMS, type SeoPlatform } from "../../../shared/seo";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input, Label, NativeSelect, Textarea } from "../../components/ui/input";
import { ApiError } from "../../lib/api";
import { errorText } from "../../lib/errors";
import { useAuth } from "../auth/auth-context";
import { SignedIn } from "../auth/signed-in";
import { createBatch, uploadBatchCsv } from "./api";
import { BatchesSignedOut } from "./signed-out";

const FIELD_LABELS: Record<BatchRowField | "row", string> = {
  topic: "Topic",
  contentType: "Content type",
  targetAudience: "Audience",
  wordCount: "Word count",
  additionalContext: "Extra context",
  aiProvider: "Model",
  writingStyle: "Writing style",
  row: "Row",
};

export function NewBatchPage() {
  return (
    <SignedIn signedOut={<BatchesSignedOut />}>
      <NewBatch />
    </SignedIn>
  );
}

const topicsOf = (text: string): BatchRowInput[] =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((topic) => ({ topic }));

function NewBatch() {
  const ids = { name: useId(), topics: useId(), file: useId(), type: useId(), audience: useId(), words: useId() };
  const more = { provider: useId(), rounds: useId(), platform: useId(), seo: useId() };
  const navigate = useNavigate();
  const { credits } = useAuth();
  const [name, setName] = useState("");
  const [pasted, setPasted] = useState("");
  /** Rows read from an uploaded file (then the paste box is set aside), else null. */
  const [fileRows, setFileRows] = useState<{ name: string; rows: BatchRowInput[] } | null>(null);
  const [defaults, setDefaults] = useState<BatchDefaults>({ contentType: "Blog post", wordCount: "800" });
  const [reviseRounds, setReviseRounds] = useState<number>(REVISE_ROUNDS.default);
  const [seo, setSeo] = useState(true);
  const [platform, setPlatform] = useState<SeoPlatform>("wordpress");
  const [serverProblems, setServerProblems] = useState<BatchRowProblem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const rows = fileRows?.rows ?? topicsOf(pasted);
  const today = new Date().toISOString().slice(0, 10);
  const { problems } = useMemo(() => validateBatchRows(rows, defaults, today), [rows, defaults, today]);
  const shown = problems.length ? problems : serverProblems;
  const pipeline = { reviseRounds, seo, platform };
  const estimate = rows.length ? estimateBatchCredits(rows, defaults, pipeline) : 0;
  const tooMany = rows.length > BATCH_MAX_ROWS;

  const fixRow = (line: number, field: BatchRowField | "row", value: string) => {
    setServerProblems([]);
    const key = field === "row" ? "topic" : field;
    if (fileRows) {
      const next = fileRows.rows.map((r, i) => (i === line - 1 ? { ...r, [key]: value } : r));
      setFileRows({ ...fileRows, rows: next });
    } else {
      const next = rows.map((r, i) => (i === line - 1 ? { ...r, [key]: value } : r));
      setPasted(next.map((r) => r.topic ?? "").join("\n"));
    }
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setBusy(true);
    try {
      const res = await uploadBatchCsv(file, name);
      const body = (await res.json()) as { batch?: { id: string } } & Partial<BatchInvalidResponse>;
      if (res.status === 201 && body.batch) {
        navigate(batchPath(body.batch.id));
        return;
      }
      if (body.parsedRows) {
        setFileRows({ name: file.name, rows: body.parsedRows });
        setServerProblems(body.rows ?? []);
      }
      setError(body.error ?? "This CSV could not be read.");
    } catch (err) {
      setError(errorText(err, "Could not upload the CSV"));
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    setError(null);
    setBusy(true);
    try {
      const { batch } = await createBatch({ name: name || undefined, pipeline, defaults, rows, start: true });
      navigate(batchPath(batch.id));
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        try {
          const body = JSON.parse(err.body) as BatchInvalidResponse;
          setServerProblems(body.rows ?? []);
        } catch {
          /* not the batch refusal */
        }
      }
      setError(errorText(err, "Could not create the batch"));
    } finally {
      setBusy(false);
    }
  };

  const setDefault = (key: keyof BatchDefaults, value: string) =>
    setDefaults((d) => ({ ...d, [key]: value === "" ? undefined : value }));

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">New batch</h1>
        <p className="text-sm text-slate-600">
          One draft per topic, each checked by the AI detector, revised where flagged and turned into SEO HTML. Every
          step is saved to your documents.
        </p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Topics</CardTitle>
          <CardDescription>
            Paste one topic or keyword a line, or upload a CSV with a header row (topic, content type, audience, word
            count, extra context; optional model and writing style). At most {countOf(BATCH_MAX_ROWS, "row")}.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="space-y-1.5">
            <Label htmlFor={ids.name}>Batch name</Label>
            <Input id={ids.name} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
          </div>
          {fileRows ? (
            <div className="flex items-center gap-3 text-sm text-slate-700" data-testid="batch-file-rows">
              <span>
                {countOf(fileRows.rows.length, "row")} from {fileRows.name}
              </span>
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  setFileRows(null);
                  setServerProblems([]);
                  setError(null);
                }}
              >
                Clear
              </Button>
            </div>
          ) : (
            <div className="space-y-1.5">
              <Label htmlFor={ids.topics}>Topics, one a line</Label>
              <Textarea
                id={ids.topics}
                rows={8}
                value={pasted}
                onChange={(e) => {
                  setPasted(e.target.value);
                  setServerProblems([]);
                }}
                placeholder={"Composting in small gardens\nWatering tomatoes in July"}
              />
            </div>
          )}
          <div className="space-y-1.5">
            <Label htmlFor={ids.file}>Or upload a CSV</Label>
            <div className="flex items-center gap-2">
              <FileUp className="size-4 text-slate-500" aria-hidden="true" />
              <Input
                id={ids.file}
                type="file"
                accept=".csv,text/csv"
                className="h-auto py-1.5"
                onChange={(e) => {
                  void onFile(e.target.files?.[0]);
                  e.target.value = "";
                }}
              />
            </div>
          </div>
          {shown.length > 0 && (
            <section aria-label="Rows to fix" className="space-y-2" data-testid="batch-problems">
              <h2 className="text-sm font-semibold text-red-800">
                {countOf(shown.length, "row needs", "rows need")} fixing before the batch can start
              </h2>
              <ul className="space-y-2">
                {shown.map((p) => {
                  const key = p.field === "row" ? "topic" : p.field;
                  const value = String(rows[p.line - 1]?.[key] ?? "");
                  return (
                    <li key={`${p.line}-${p.field}`} className="flex flex-wrap items-center gap-2 text-sm">
                      <span className="font-medium text-slate-800">
                        Line {p.line}, {FIELD_LABELS[p.field]}:
                      </span>
                      <span className="text-red-700">{p.message}</span>
                      <Input
                        aria-label={`Line ${p.line} ${FIELD_LABELS[p.field]}`}
                        className="h-8 max-w-sm"
                        value={value}
                        onChange={(e) => fixRow(p.line, p.field, e.target.value)}
                      />
                    </li>
                  );
                })}
              </ul>
            </section>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>For every row</CardTitle>
          <CardDescription>A row's own columns win over these.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor={ids.type}>Content type</Label>
            <Input
              id={ids.type}
              value={String(defaults.contentType ?? "")}
              onChange={(e) => setDefault("contentType", e.target.value)}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={ids.audience}>Audience</Label>
            <Input
              id={ids.audience}
              value={String(defaults.targetAudience ?? "")}
              onChange={(e) => setDefault("targetAudience", e.target.value)}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={ids.words}>Word count</Label>
            <Input
              id={ids.words}
              inputMode="numeric"
              value={String(defaults.wordCount ?? "")}
              onChange={(e) => setDefault("wordCount", e.target.value)}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={more.provider}>Model</Label>
            <NativeSelect
              id={more.provider}
              value={String(defaults.aiProvider ?? "openai")}
              onChange={(e) => setDefault("aiProvider", e.target.value)}
            >
              <option value="openai">OpenAI</option>
              <option value="anthropic">Anthropic</option>
            </NativeSelect>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={more.rounds}>Revise flagged sentences</Label>
            <NativeSelect
              id={more.rounds}
              value={reviseRounds}
              onChange={(e) => setReviseRounds(Number(e.target.value))}
            >
              {[0, 1, 2, 3].map((n) => (
                <option key={n} value={n}>
                  {n === 0 ? "Never" : `Up to ${countOf(n, "round")}`}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={more.platform}>SEO HTML for</Label>
            <NativeSelect
              id={more.platform}
              value={platform}
              disabled={!seo}
              onChange={(e) => setPlatform(e.target.value as SeoPlatform)}
            >
              {SEO_PLATFORMS.map((p) => (
                <option key={p} value={p}>
                  {p === "wordpress" ? "WordPress" : "Shopify"}
                </option>
              ))}
            </NativeSelect>
          </div>
          <label htmlFor={more.seo} className="flex items-center gap-2 text-sm text-slate-800">
            <input id={more.seo} type="checkbox" checked={seo} onChange={(e) => setSeo(e.target.checked)} />
            Make SEO HTML for each row
          </label>
        </CardContent>
      </Card>

      <div className="flex flex-wrap items-center gap-4">
        <Button onClick={() => void submit()} disabled={busy || rows.length === 0 || problems.length > 0 || tooMany}>
          {busy && <Loader2 className="animate-spin" aria-hidden="true" />} Start batch
        </Button>
        <p className="text-sm text-slate-700" data-testid="batch-estimate">
          {countOf(rows.length, "row")} · about {creditCount(estimate)} on a paid model · you have{" "}
          {creditCount(credits?.availableCredits ?? 0)}. Rows pause if credits run out and resume after a purchase.
        </p>
      </div>
      {tooMany && <p className="text-sm text-red-700">A batch has at most {countOf(BATCH_MAX_ROWS, "row")}.</p>}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
