// Settings → Connections: the user's WordPress sites and Shopify blogs — add (verified by the site
// before it is saved), verify again, remove. Self-contained: mount it on any settings page.
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Link2, Plus, RefreshCw, Search, Trash2, TriangleAlert } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import {
  type ConnectionsResponse,
  type ConnectionView,
  PLATFORM_LABEL,
  type PublishPlatform,
  type ShopifyBlogsResponse,
  ShopifyStoreInput,
  WordPressConnectionInput,
} from "../../../shared/publishing";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { describedBy, Field, formFields } from "../../components/ui/field";
import { Input, NativeSelect } from "../../components/ui/input";
import { PendingButton } from "../../components/ui/pending-button";
import { Spinner } from "../../components/ui/spinner";
import { errorText } from "../../lib/errors";
import { refreshQueries } from "../../lib/refresh";
import { toast } from "../../lib/toast";
import { CONNECTIONS_KEY, createConnection, findShopifyBlogs, removeConnection, verifyConnection } from "./api";

export function ConnectionsSection() {
  const ids = useId();
  const connections = useQuery<ConnectionsResponse>({ queryKey: CONNECTIONS_KEY });
  const [adding, setAdding] = useState<PublishPlatform | null>(null);
  const list = connections.data?.connections ?? [];

  return (
    <Card role="region" aria-labelledby={`${ids}-title`}>
      <CardHeader>
        <CardTitle id={`${ids}-title`}>Connections</CardTitle>
        <CardDescription>
          Publish straight to your WordPress site or Shopify blog, as a draft unless you choose otherwise. Passwords and
          tokens are checked with the site, stored encrypted, and never shown again.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {connections.isPending ? (
          <Spinner label="Loading connections" />
        ) : connections.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorText(connections.error, "Connections could not be loaded")}
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-slate-600">No sites connected yet.</p>
        ) : (
          <ul aria-label="Connected sites" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {list.map((c) => (
              <ConnectionItem key={c.id} connection={c} />
            ))}
          </ul>
        )}

        {adding === null ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setAdding("wordpress")}>
              <Plus aria-hidden="true" /> Connect WordPress
            </Button>
            <Button variant="outline" onClick={() => setAdding("shopify")}>
              <Plus aria-hidden="true" /> Connect Shopify
            </Button>
          </div>
        ) : adding === "wordpress" ? (
          <WordPressForm onDone={() => setAdding(null)} />
        ) : (
          <ShopifyForm onDone={() => setAdding(null)} />
        )}
      </CardContent>
    </Card>
  );
}

function ConnectionItem({ connection: c }: { connection: ConnectionView }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => refreshQueries(queryClient, { queryKey: CONNECTIONS_KEY });
  const verify = useMutation({
    mutationFn: () => verifyConnection(c.id),
    onSuccess: async ({ connection }) => {
      if (connection.status === "verified") toast.success("Connection verified", `${connection.name} accepted it.`);
      else toast.error("Connection failed", connection.lastError ?? "The site refused it.");
      await refresh();
    },
    onError: (err) => toast.error("Verification failed", errorText(err, "Please try again")),
  });
  const remove = useMutation({
    mutationFn: () => removeConnection(c.id),
    onSuccess: async () => {
      setConfirming(false);
      toast.success("Connection removed", `${c.name} is no longer connected; its secret was deleted.`);
      await refresh();
    },
    onError: (err) => toast.error("Could not remove the connection", errorText(err, "Please try again")),
  });
  const detail = c.platform === "wordpress" ? `as ${c.username}` : `blog “${c.blog?.title}”`;

  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between" aria-label={c.name}>
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">{c.name}</span>
          <Badge variant="secondary">{PLATFORM_LABEL[c.platform]}</Badge>
          {c.status === "verified" ? (
            <Badge variant="success">
              <CheckCircle2 className="size-3" aria-hidden="true" /> Verified
            </Badge>
          ) : (
            <Badge variant="danger">
              <TriangleAlert className="size-3" aria-hidden="true" /> Not working
            </Badge>
          )}
        </div>
        <p className="break-all text-sm text-slate-600">
          <Link2 className="mr-1 inline size-3.5" aria-hidden="true" />
          {c.siteUrl} {detail} ·{" "}
          <span title="The saved password or token: only its last four characters">{c.secretHint}</span>
        </p>
        {c.status === "failed" && c.lastError && (
          <p role="alert" className="text-sm text-red-700">
            {c.lastError}
          </p>
        )}
      </div>
      <div className="flex shrink-0 gap-2">
        <PendingButton
          variant="outline"
          size="sm"
          pending={verify.isPending}
          icon={RefreshCw}
          pendingLabel="Verifying…"
          disabled={verify.isPending}
          onClick={() => verify.mutate()}
          aria-label={`Verify ${c.name}`}
        >
          Verify
        </PendingButton>
        <Button variant="outline" size="sm" onClick={() => setConfirming(true)} aria-label={`Remove ${c.name}`}>
          <Trash2 aria-hidden="true" /> Remove
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove ${c.name}?`}
        description="Draftsmith deletes the stored password or token. Posts already published stay on the site."
        confirmLabel="Remove"
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </li>
  );
}

const WordPressFields = WordPressConnectionInput.omit({ platform: true });
type WordPressFieldsIn = { siteUrl: string; username: string; applicationPassword: string };

function WordPressForm({ onDone }: { onDone: () => void }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const form = useForm<WordPressFieldsIn>({
    resolver: zodResolver(WordPressFields as never) as never,
    defaultValues: { siteUrl: "", username: "", applicationPassword: "" },
  });
  const connect = useMutation({
    mutationFn: (v: WordPressFieldsIn) => createConnection({ platform: "wordpress", ...v }),
    onSuccess: async ({ connection }) => {
      toast.success("WordPress connected", `${connection.name} accepted the application password.`);
      await refreshQueries(queryClient, { queryKey: CONNECTIONS_KEY });
      onDone();
    },
  });
  const { field, control } = formFields(form, ids);

  return (
    <form
      noValidate
      aria-label="Connect WordPress"
      className="space-y-4 rounded-lg border border-slate-200 p-4"
      onSubmit={form.handleSubmit((v) => connect.mutate(v))}
    >
      <h3 className="font-medium text-slate-900">Connect a WordPress site</h3>
      <Field {...field("siteUrl")} label="Site URL">
        <Input placeholder="https://example.com" autoComplete="url" inputMode="url" {...control("siteUrl")} />
      </Field>
      <Field {...field("username")} label="Username">
        <Input autoComplete="off" {...control("username")} />
      </Field>
      <Field {...field("applicationPassword")} label="Application password">
        <Input
          type="password"
          autoComplete="new-password"
          placeholder="xxxx xxxx xxxx xxxx xxxx xxxx"
          {...control("applicationPassword")}
        />
        <details className="text-xs text-slate-600">
          <summary className="cursor-pointer">Not your login password: how to create one</summary>
          <ol className="mt-1 list-decimal space-y-0.5 pl-5">
            <li>In WordPress, open Users → Profile (an Author, Editor or Administrator account).</li>
            <li>
              Under Application Passwords, type a name such as “Draftsmith” and click Add New Application Password.
            </li>
            <li>Copy the password shown (it is shown once) and paste it here, spaces and all.</li>
          </ol>
        </details>
      </Field>
      {connect.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorText(connect.error, "The site could not be connected")}
        </p>
      )}
      <div className="flex gap-2">
        <PendingButton
          type="submit"
          pending={connect.isPending}
          disabled={connect.isPending}
          icon={Link2}
          pendingLabel="Checking with WordPress…"
        >
          Connect
        </PendingButton>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ShopifyForm({ onDone }: { onDone: () => void }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const [shopDomain, setShopDomain] = useState("");
  const [accessToken, setAccessToken] = useState("");
  const [blogId, setBlogId] = useState("");
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<"shopDomain" | "accessToken", string>>>({});
  const [store, setStore] = useState<ShopifyBlogsResponse | null>(null);

  const find = useMutation({
    mutationFn: findShopifyBlogs,
    onSuccess: (res) => {
      setStore(res);
      setBlogId(res.blogs[0]?.id ?? "");
    },
  });
  const connect = useMutation({
    mutationFn: () => {
      const parsed = ShopifyStoreInput.parse({ shopDomain, accessToken });
      return createConnection({ platform: "shopify", ...parsed, blogId });
    },
    onSuccess: async ({ connection }) => {
      toast.success("Shopify connected", `${connection.name}: articles go to “${connection.blog?.title}”.`);
      await refreshQueries(queryClient, { queryKey: CONNECTIONS_KEY });
      onDone();
    },
  });
  const lookUp = () => {
    const parsed = ShopifyStoreInput.safeParse({ shopDomain, accessToken });
    if (!parsed.success) {
      const errs: typeof fieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as "shopDomain" | "accessToken";
        errs[key] ??= issue.message;
      }
      setFieldErrors(errs);
      return;
    }
    setFieldErrors({});
    find.mutate(parsed.data);
  };
  const error = find.error ?? connect.error;

  return (
    <form
      noValidate
      aria-label="Connect Shopify"
      className="space-y-4 rounded-lg border border-slate-200 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (store && blogId) connect.mutate();
        else lookUp();
      }}
    >
      <h3 className="font-medium text-slate-900">Connect a Shopify store</h3>
      <Field id={`${ids}-shop`} label="Store domain" error={fieldErrors.shopDomain}>
        <Input
          placeholder="your-store.myshopify.com"
          value={shopDomain}
          {...describedBy(`${ids}-shop`, { error: fieldErrors.shopDomain })}
          onChange={(e) => {
            setShopDomain(e.target.value);
            setStore(null);
          }}
        />
      </Field>
      <Field id={`${ids}-token`} label="Admin API access token" error={fieldErrors.accessToken}>
        <Input
          type="password"
          autoComplete="new-password"
          placeholder="shpat_…"
          value={accessToken}
          {...describedBy(`${ids}-token`, { error: fieldErrors.accessToken })}
          onChange={(e) => {
            setAccessToken(e.target.value);
            setStore(null);
          }}
        />
        <details className="text-xs text-slate-600">
          <summary className="cursor-pointer">How to create a token</summary>
          <ol className="mt-1 list-decimal space-y-0.5 pl-5">
            <li>In Shopify admin, open Settings → Apps and sales channels → Develop apps, and create an app.</li>
            <li>Under Configuration → Admin API integration, tick write_content (and read_content), then save.</li>
            <li>Install the app, reveal the Admin API access token once (shpat_…) and paste it here.</li>
          </ol>
        </details>
      </Field>
      {store && (
        <Field id={`${ids}-blog`} label={`Blog in ${store.shopName}`}>
          <NativeSelect id={`${ids}-blog`} value={blogId} onChange={(e) => setBlogId(e.target.value)}>
            {store.blogs.map((b) => (
              <option key={b.id} value={b.id}>
                {b.title}
              </option>
            ))}
          </NativeSelect>
          {store.blogs.length === 0 && (
            <p className="text-xs text-slate-600" data-testid="no-blog-reason">
              {store.shopName} has no blog yet: add one in Shopify (Online Store → Blog posts), then find blogs again.
            </p>
          )}
        </Field>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {errorText(error, "The store could not be connected")}
        </p>
      )}
      <div className="flex gap-2">
        {store ? (
          <PendingButton
            type="submit"
            pending={connect.isPending}
            disabled={connect.isPending || !blogId}
            icon={Link2}
            pendingLabel="Connecting…"
          >
            Connect
          </PendingButton>
        ) : (
          <PendingButton
            type="submit"
            pending={find.isPending}
            disabled={find.isPending}
            icon={Search}
            pendingLabel="Checking with Shopify…"
          >
            Find blogs
          </PendingButton>
        )}
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
