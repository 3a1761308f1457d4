// The full app's Content tab (spec §2): AI Model, Writing Style, Current Date, Target Word Count,
// Blog Topic/Content Type, Target Audience, Additional Context and SEO Keywords, with Generate and
// 'Reset and Clear History'. The shared SessionContext schema puts the §5 messages under each field.
import { PenLine, RotateCcw } from "lucide-react";
import type { UseFormReturn } from "react-hook-form";
import { AI_PROVIDERS, CREDITS, WRITING_STYLES } from "../../../../shared/limits";
import { countOf, creditCount } from "../../../../shared/plural";
import { Button } from "../../../components/ui/button";
import { Field, formFields } from "../../../components/ui/field";
import { Input, NativeSelect, Textarea } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { draftCost } from "../../credits/estimates";
import { MODEL_LABELS, PROVIDER_NAMES, type SessionFormValues } from "../console/session-defaults";
import { ModelNotice } from "../model-notice";

const STYLE_OPTIONS: Record<(typeof WRITING_STYLES)[number], string> = {
  prose2: "PROSE 2 (default)",
  original: "PROSE original",
};

interface Props {
  form: UseFormReturn<SessionFormValues>;
  onGenerate: () => void;
  generating: boolean;
  onCancel: () => void;
  onReset: () => void;
  resetting: boolean;
}

export function ContentForm({ form, onGenerate, generating, onCancel, onReset, resetting }: Props) {
  const { watch } = form;
  // Drawn with its values: the page's shell is this form as the server sends it (prerender.tsx).
  const { field, control } = formFields(form, "app", { drawValues: true });

  return (
    <form
      aria-label="Content"
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        onGenerate();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {/* The whole row: "Claude Sonnet 4 (Anthropic)" is cut off in half of the form's narrow column. */}
        <Field {...field("aiProvider")} label="AI Model" className="sm:col-span-2">
          <NativeSelect {...control("aiProvider")}>
            {AI_PROVIDERS.map((p) => (
              <option key={p} value={p}>
                {MODEL_LABELS[p]} ({PROVIDER_NAMES[p]})
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field {...field("writingStyle")} label="Writing Style">
          <NativeSelect {...control("writingStyle")}>
            {WRITING_STYLES.map((s) => (
              <option key={s} value={s}>
                {STYLE_OPTIONS[s]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field {...field("currentDate")} label="Current Date">
          <Input type="date" {...control("currentDate")} />
        </Field>
        <Field {...field("wordCount")} label="Target Word Count">
          <Input inputMode="numeric" autoComplete="off" placeholder="e.g. 800" {...control("wordCount")} />
        </Field>
      </div>
      <ModelNotice provider={watch("aiProvider")} />
      <Field
        {...field("contentType")}
        label="Blog Topic/Content Type"
        hint="One sentence: the kind of post and the topic or question it answers."
      >
        <Textarea rows={3} {...control("contentType", { hint: true })} />
      </Field>
      <Field {...field("targetAudience")} label="Target Audience">
        <Input placeholder="e.g. owners of small independent bakeries" {...control("targetAudience")} />
      </Field>
      <Field {...field("additionalContext")} label="Additional Context">
        <Textarea
          rows={3}
          placeholder="Facts to include, tone, links, anything the writer should know"
          {...control("additionalContext")}
        />
      </Field>
      <Field
        {...field("seoKeywords")}
        label="SEO Keywords"
        hint="Comma separated; the first is the focus keyphrase of the SEO HTML."
      >
        <Input placeholder="e.g. google business profile, local seo" {...control("seoKeywords", { hint: true })} />
      </Field>
      <div className="flex flex-col gap-2 pt-1">
        {generating ? (
          <div className="flex gap-2">
            <Button type="button" size="lg" className="flex-1 disabled:opacity-80" disabled aria-busy="true">
              <Spinner label="Generating" className="text-white" /> Generating…
            </Button>
            <Button type="button" size="lg" variant="outline" onClick={onCancel}>
              Stop
            </Button>
          </div>
        ) : (
          <Button type="submit" size="lg">
            <PenLine aria-hidden="true" /> Generate
          </Button>
        )}
        <Button type="button" size="lg" variant="outline" onClick={onReset} disabled={resetting || generating}>
          {resetting ? <Spinner label="Resetting" /> : <RotateCcw aria-hidden="true" />}
          Reset and Clear History
        </Button>
      </div>
      <p className="text-xs text-slate-600" data-testid="generate-cost">
        A draft of {countOf(Number(watch("wordCount")) || 800, "word")} costs{" "}
        {draftCost(Number(watch("wordCount")) || 800)} (nothing with the offline sample writer), and its AI check{" "}
        {creditCount(CREDITS.detection)}. You pay for the words a model actually writes.
      </p>
    </form>
  );
}
