// The console's left column (spec §2): the collapsible card 'Let's start with the context and
// intent...' with the session form, the fixed API parameters, Execute and Reset. Validation is the
// shared SessionContext schema, so the §5 messages show under each field.
import { ChevronDown, Info, RotateCcw } from "lucide-react";
import { Collapsible } from "radix-ui";
import type { UseFormReturn } from "react-hook-form";
import { countOf } from "../../../../shared/plural";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Field, formFields } from "../../../components/ui/field";
import { Input, NativeSelect, Textarea } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { Tooltip } from "../../../components/ui/tooltip";
import { draftCost } from "../../credits/estimates";
import { ModelNotice } from "../model-notice";
import { ExecuteButton, type ExecuteState } from "./execute-button";
import { FixedApiParameters } from "./fixed-parameters";
import { MODEL_LABELS, PROVIDER_NAMES, type SessionFormValues } from "./session-defaults";

export const INTENT_TOOLTIP = "Intent = document type + topic or question to be answered";

interface Props {
  form: UseFormReturn<SessionFormValues>;
  onExecute: () => void;
  executeState: ExecuteState;
  onReset: () => void;
  resetting: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function ConsoleSessionForm({ form, onExecute, executeState, onReset, resetting, open, onOpenChange }: Props) {
  const { watch } = form;
  const { field, control } = formFields(form, "console");
  const provider = watch("aiProvider");
  const busy = executeState.status === "pending";

  return (
    <Card>
      <Collapsible.Root open={open} onOpenChange={onOpenChange}>
        <div className="flex items-start justify-between gap-3 p-5 pb-3">
          <div>
            <h2 id="session-card-title" className="text-lg font-semibold leading-tight text-slate-900">
              Let's start with the context and intent...
            </h2>
            <p className="mt-1 text-sm text-slate-600">What you want written, for whom, and which model writes it.</p>
          </div>
          <Collapsible.Trigger asChild>
            <Button
              variant="ghost"
              size="icon"
              aria-label={open ? "Collapse the session form" : "Expand the session form"}
            >
              <ChevronDown className={open ? "rotate-180 transition-transform" : "transition-transform"} />
            </Button>
          </Collapsible.Trigger>
        </div>
        <Collapsible.Content>
          <form
            aria-labelledby="session-card-title"
            noValidate
            className="space-y-4 px-5 pb-5"
            onSubmit={(e) => {
              e.preventDefault();
              onExecute();
            }}
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <Field {...field("currentDate")} label="Current Date">
                <Input type="date" {...control("currentDate")} />
              </Field>
              <Field {...field("wordCount")} label="Word Count">
                <Input inputMode="numeric" placeholder="e.g. 800" autoComplete="off" {...control("wordCount")} />
              </Field>
            </div>
            <Field
              {...field("contentType")}
              label="Define Intent"
              extra={
                <Tooltip content={INTENT_TOOLTIP}>
                  <button
                    type="button"
                    className="rounded-full p-0.5 text-slate-600 hover:text-slate-900"
                    aria-label={`About intent: ${INTENT_TOOLTIP}`}
                  >
                    <Info className="size-4" aria-hidden="true" />
                  </button>
                </Tooltip>
              }
            >
              <Textarea
                rows={3}
                placeholder="e.g. How-to guide: how small bakeries can win local customers with Google Business Profile"
                {...control("contentType")}
              />
            </Field>
            <Field {...field("targetAudience")} label="Target Audience">
              <Input placeholder="e.g. owners of small independent bakeries" {...control("targetAudience")} />
            </Field>
            <Field {...field("additionalContext")} label="Additional Context">
              <Textarea
                rows={3}
                className="min-h-0"
                placeholder="Facts to include, tone, links, anything the writer should know"
                {...control("additionalContext")}
              />
            </Field>
            <Field {...field("aiProvider")} label="AI Provider">
              <NativeSelect {...control("aiProvider")}>
                <option value="anthropic">
                  anthropic — {PROVIDER_NAMES.anthropic} {MODEL_LABELS.anthropic}
                </option>
                <option value="openai">
                  openai — {PROVIDER_NAMES.openai} {MODEL_LABELS.openai}
                </option>
              </NativeSelect>
            </Field>
            <FixedApiParameters provider={provider} />
            <ModelNotice provider={provider} />
            <div className="space-y-2 pt-1">
              <ExecuteButton state={executeState} />
              <p className="text-xs text-slate-600" data-testid="execute-cost">
                A draft of {countOf(Number(watch("wordCount")) || 800, "word")} costs{" "}
                {draftCost(Number(watch("wordCount")) || 800)} with a model (nothing with the offline sample writer).
              </p>
              <Button variant="outline" className="w-full" onClick={onReset} disabled={busy || resetting}>
                {resetting ? <Spinner label="Resetting" /> : <RotateCcw aria-hidden="true" />}
                Reset &amp; Clear History
              </Button>
            </div>
          </form>
        </Collapsible.Content>
      </Collapsible.Root>
    </Card>
  );
}
