// The Publish dialog's form, loaded when the dialog first opens (publish-dialog.tsx): pick a connected
// site, draft (the default) / publish now / schedule, categories, tags and a featured image, then POST
// /api/documents/:id/publish. One click sends one request: the button is disabled while it runs and a
// second click before React re-renders is ignored. Publishing the same document again updates the post
// it made before (the server decides; the answer says so).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ExternalLink, Send } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import {
  type ConnectionsResponse,
  PLATFORM_LABEL,
  PUBLISH_STATUSES,
  PublishRequest,
  type PublishResponse,
  type PublishStatus,
} from "../../../shared/publishing";
import { PAGE_ROUTES } from "../../../shared/routes";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { FieldError, Input, NativeSelect } from "../../components/ui/input";
import { PendingButton } from "../../components/ui/pending-button";
import { Spinner } from "../../components/ui/spinner";
import { errorText } from "../../lib/errors";
import { refreshQueries } from "../../lib/refresh";
import { toast } from "../../lib/toast";
import { CONNECTIONS_KEY, publicationsKey, publishDocument } from "./api";
import {
  type PublishDialogProps,
  type PublishFormValues,
  publishedTitle,
  publishFormDefaults,
  publishRequestBody,
} from "./publish-form";

const STATUS_LABEL: Record<PublishStatus, string> = {
  draft: "Save as a draft",
  publish: "Publish now",
  future: "Schedule",
};

export default function PublishForm({
  documentId,
  versionId,
  platform,
  onPublished,
}: Omit<PublishDialogProps, "trigger">) {
  const ids = useId();
  const queryClient = useQueryClient();
  const connections = useQuery<ConnectionsResponse>({ queryKey: CONNECTIONS_KEY });
  const usable = (connections.data?.connections ?? []).filter(
    (c) => c.status === "verified" && (!platform || c.platform === platform),
  );
  const [values, setValues] = useState<PublishFormValues>(publishFormDefaults());
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<PublishResponse | null>(null);
  const sending = useRef(false);
  const connectionId = values.connectionId || usable[0]?.id || "";
  const chosen = usable.find((c) => c.id === connectionId);

  const publish = useMutation({
    mutationFn: (body: ReturnType<typeof publishRequestBody>) => publishDocument(documentId, body),
    onSuccess: (res) => {
      setResult(res);
      toast.success(publishedTitle(res), res.publication.url);
      void refreshQueries(queryClient, { queryKey: publicationsKey(documentId) });
      onPublished?.(res);
    },
    onSettled: () => {
      sending.current = false;
    },
  });

  const set = <K extends keyof PublishFormValues>(key: K, value: PublishFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = () => {
    if (sending.current) return; // a second click before the button shows it is busy
    const body = publishRequestBody({ ...values, connectionId }, versionId);
    const parsed = PublishRequest.safeParse(body);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? "Check the form");
      return;
    }
    setProblem(null);
    setResult(null);
    sending.current = true;
    publish.mutate(body);
  };

  if (connections.isPending) return <Spinner label="Loading connections" />;
  if (usable.length === 0)
    return (
      <div className="mt-4 space-y-3 text-sm text-slate-700">
        <p>
          {platform
            ? `This HTML was made for ${PLATFORM_LABEL[platform]}, and no ${PLATFORM_LABEL[platform]} connection is working yet.`
            : "No working site connection yet."}
        </p>
        <Button asChild variant="outline">
          <Link to={PAGE_ROUTES.settingsConnections}>
            {platform ? `Connect ${PLATFORM_LABEL[platform]}` : "Connect WordPress or Shopify"}
          </Link>
        </Button>
      </div>
    );

  return (
    <form
      noValidate
      aria-label="Publish"
      className="mt-4 space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Field id={`${ids}-connection`} label="Site">
        <NativeSelect
          id={`${ids}-connection`}
          value={connectionId}
          onChange={(e) => set("connectionId", e.target.value)}
        >
          {usable.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({PLATFORM_LABEL[c.platform]}
              {c.blog ? ` · ${c.blog.title}` : ""})
            </option>
          ))}
        </NativeSelect>
      </Field>

      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium text-slate-800">Status</legend>
        <div className="flex flex-wrap gap-4">
          {PUBLISH_STATUSES.map((s) => (
            <label key={s} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name={`${ids}-status`}
                value={s}
                checked={values.status === s}
                onChange={() => set("status", s)}
              />
              {STATUS_LABEL[s]}
            </label>
          ))}
        </div>
      </fieldset>

      {values.status === "future" && (
        <Field id={`${ids}-at`} label="Publish on">
          <Input
            id={`${ids}-at`}
            type="datetime-local"
            value={values.publishAt}
            onChange={(e) => set("publishAt", e.target.value)}
          />
        </Field>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${ids}-categories`} label="Categories">
          <Input
            id={`${ids}-categories`}
            placeholder="Baking, Guides"
            value={values.categories}
            onChange={(e) => set("categories", e.target.value)}
          />
          {chosen?.platform === "shopify" && (
            <p className="text-xs text-slate-500">Shopify blogs have no categories: these become tags.</p>
          )}
        </Field>
        <Field id={`${ids}-tags`} label="Tags">
          <Input
            id={`${ids}-tags`}
            placeholder="sourdough, pricing"
            value={values.tags}
            onChange={(e) => set("tags", e.target.value)}
          />
        </Field>
      </div>

      <Field id={`${ids}-image`} label="Featured image URL">
        <Input
          id={`${ids}-image`}
          type="url"
          placeholder="https://…/photo.jpg"
          value={values.featuredImageUrl}
          onChange={(e) => set("featuredImageUrl", e.target.value)}
        />
      </Field>

      <FieldError message={problem ?? undefined} />
      {publish.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorText(publish.error, "Publishing failed")}
        </p>
      )}
      {result && (
        <div role="status" className="space-y-1 rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">
          <p className="font-medium">{publishedTitle(result)}</p>
          <a
            className="inline-flex items-center gap-1 break-all underline"
            href={result.publication.url}
            target="_blank"
            rel="noreferrer"
          >
            {result.publication.url} <ExternalLink className="size-3.5" aria-hidden="true" />
          </a>
          {result.notes.map((n) => (
            <p key={n} className="text-emerald-800">
              {n}
            </p>
          ))}
        </div>
      )}

      <div className="flex justify-end">
        <PendingButton
          type="submit"
          pending={publish.isPending}
          disabled={publish.isPending}
          icon={Send}
          pendingLabel="Sending…"
        >
          {STATUS_LABEL[values.status]}
        </PendingButton>
      </div>
    </form>
  );
}
