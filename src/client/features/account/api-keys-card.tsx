// Settings → API keys (issue 28): keys for programs, with a name, scopes and an optional expiry.
// The secret is shown once, right after it is made; the list shows each key's prefix.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { format } from "date-fns";
import { Copy, KeyRound } from "lucide-react";
import { useId, useState } from "react";
import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES, type ApiKeyScope } from "../../../shared/api-key-scopes";
import type { ApiKeyInfo, ApiKeysResponse, CreateApiKeyResponse } from "../../../shared/api-keys";
import { API_REFERENCE_PATH } from "../../../shared/routes";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { FormAlert } from "../../components/ui/field";
import { Input, Label, NativeSelect } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import {
  Table,
  TableActionsHead,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "../../components/ui/table";
import { ApiError, apiPost, apiRequest } from "../../lib/api";
import { refreshQueries } from "../../lib/refresh";
import { toast } from "../../lib/toast";
import { usePending } from "../../lib/use-pending";

const KEYS_KEY = ["/api/keys"] as const;
const when = (iso: string | null) => (iso ? format(new Date(iso), "MMM d, yyyy HH:mm") : "Never");
const EXPIRY_CHOICES = [
  { days: 0, label: "Never" },
  { days: 30, label: "In 30 days" },
  { days: 90, label: "In 90 days" },
  { days: 365, label: "In a year" },
] as const;

export function ApiKeysCard() {
  const ids = useId();
  const queryClient = useQueryClient();
  const keys = useQuery<ApiKeysResponse>({ queryKey: KEYS_KEY });
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiKeyScope[]>(["write", "detect", "seo", "documents", "billing"]);
  const [expiresInDays, setExpiresInDays] = useState(0);
  const [error, setError] = useState<string>();
  const [created, setCreated] = useState<CreateApiKeyResponse>();
  const [revoking, setRevoking] = useState<ApiKeyInfo>();
  const [pending, run] = usePending();
  const [revokePending, runRevoke] = usePending();

  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((s) => (on ? [...s, scope] : s.filter((x) => x !== scope)));

  return (
    <Card>
      <CardHeader>
        <CardTitle>API keys</CardTitle>
        <CardDescription>
          Keys let your own scripts and tools call Draftsmith. A key can do only what its scopes allow, and never
          changes your account. See the{" "}
          <a className="underline" href={API_REFERENCE_PATH}>
            API reference
          </a>
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {created && (
          <div role="status" className="space-y-2 rounded-lg border border-emerald-300 bg-emerald-50 p-4">
            <p className="font-medium text-slate-900">Copy your new key now: it won't be shown again.</p>
            <div className="flex gap-2">
              <Input
                aria-label="Your new API key"
                readOnly
                value={created.key}
                className="font-mono"
                onFocus={(e) => e.currentTarget.select()}
              />
              <Button
                variant="outline"
                onClick={async () => {
                  await navigator.clipboard?.writeText(created.key);
                  toast.success("Key copied");
                }}
              >
                <Copy aria-hidden="true" /> Copy
              </Button>
            </div>
            <Button variant="ghost" size="sm" onClick={() => setCreated(undefined)}>
              Done
            </Button>
          </div>
        )}

        <form
          className="space-y-4"
          aria-label="Create an API key"
          onSubmit={async (e) => {
            e.preventDefault();
            setError(undefined);
            await run(
              async () => {
                const body = { name, scopes, ...(expiresInDays ? { expiresInDays } : {}) };
                setCreated(await apiPost<CreateApiKeyResponse>("/api/keys", body));
                setName("");
                await refreshQueries(queryClient, { queryKey: KEYS_KEY });
              },
              (err) => setError(err instanceof ApiError ? err.serverMessage : "Could not create the key"),
            );
          }}
        >
          <div className="max-w-sm space-y-1">
            <Label htmlFor={`${ids}-name`}>Name</Label>
            <Input
              id={`${ids}-name`}
              value={name}
              maxLength={64}
              required
              placeholder="e.g. Spreadsheet import"
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-900">Scopes</legend>
            {API_KEY_SCOPES.map((scope) => (
              <div key={scope} className="flex items-center gap-2">
                <input
                  id={`${ids}-scope-${scope}`}
                  type="checkbox"
                  className="size-4"
                  checked={scopes.includes(scope)}
                  onChange={(e) => toggle(scope, e.target.checked)}
                />
                <label htmlFor={`${ids}-scope-${scope}`} className="text-sm text-slate-800">
                  {API_KEY_SCOPE_LABELS[scope]}
                </label>
              </div>
            ))}
          </fieldset>
          <div className="max-w-sm space-y-1">
            <Label htmlFor={`${ids}-expiry`}>Expires</Label>
            <NativeSelect
              id={`${ids}-expiry`}
              value={expiresInDays}
              onChange={(e) => setExpiresInDays(Number(e.target.value))}
            >
              {EXPIRY_CHOICES.map((c) => (
                <option key={c.days} value={c.days}>
                  {c.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <FormAlert message={error} />
          <Button type="submit" disabled={pending || !name.trim() || scopes.length === 0}>
            {pending ? <Spinner /> : <KeyRound aria-hidden="true" />} Create key
          </Button>
        </form>

        {keys.isLoading ? (
          <Spinner />
        ) : keys.data?.keys.length ? (
          <Table stacked aria-label="Your API keys">
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Key</TableHead>
                <TableHead>Scopes</TableHead>
                <TableHead>Created</TableHead>
                <TableHead>Last used</TableHead>
                <TableHead>Expires</TableHead>
                <TableActionsHead />
              </TableRow>
            </TableHeader>
            <TableBody>
              {keys.data.keys.map((k) => (
                <TableRow key={k.id}>
                  <TableCell label="" className="max-sm:!block max-sm:text-left max-sm:font-medium">
                    {k.name}
                  </TableCell>
                  <TableCell label="Key" className="font-mono">
                    {k.prefix}…
                  </TableCell>
                  <TableCell label="Scopes">{k.scopes.join(", ")}</TableCell>
                  <TableCell label="Created">{when(k.createdAt)}</TableCell>
                  <TableCell label="Last used">{when(k.lastUsedAt)}</TableCell>
                  <TableCell label="Expires">{when(k.expiresAt)}</TableCell>
                  <TableCell label="" className="text-right max-sm:!block max-sm:text-left">
                    <Button variant="ghost" size="sm" onClick={() => setRevoking(k)}>
                      Revoke<span className="sr-only"> {k.name}</span>
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <p className="text-sm text-slate-700">No API keys yet.</p>
        )}
        <ConfirmDialog
          open={Boolean(revoking)}
          onOpenChange={(open) => !open && setRevoking(undefined)}
          title="Revoke this API key?"
          description={`Programs using "${revoking?.name ?? ""}" stop working at once. This cannot be undone.`}
          confirmLabel="Revoke key"
          pending={revokePending}
          onConfirm={() =>
            runRevoke(
              async () => {
                if (!revoking) return;
                await apiRequest("DELETE", `/api/keys/${encodeURIComponent(revoking.id)}`);
                setRevoking(undefined);
                toast.success("Key revoked");
                await refreshQueries(queryClient, { queryKey: KEYS_KEY });
              },
              (err) => toast.fromError(err, "Could not revoke the key"),
            )
          }
        />
      </CardContent>
    </Card>
  );
}
