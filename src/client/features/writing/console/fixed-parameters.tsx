// The console's read-only block of fixed API parameters (spec §9): what the server sends each provider.
import { Lock } from "lucide-react";
import { FIXED_API_PARAMETERS } from "../../../../shared/limits";
import { formatNumber } from "../../../../shared/number-text";
import type { AiProvider } from "../../../../shared/writing";

export function FixedApiParameters({ provider }: { provider: AiProvider }) {
  const params = FIXED_API_PARAMETERS[provider];
  const rows: [string, string][] = [
    ["Model", params.label],
    ["Max tokens", formatNumber(params.maxOutputTokens)],
    ["Tools", params.tools],
    ["Temperature", String(FIXED_API_PARAMETERS.temperature)],
  ];
  return (
    <section aria-labelledby="fixed-params-title" className="rounded-lg border border-slate-200 bg-slate-50 p-3">
      <h3 id="fixed-params-title" className="flex items-center gap-1.5 text-sm font-medium text-slate-800">
        <Lock className="size-3.5" aria-hidden="true" />
        Fixed API parameters
        <span className="font-normal text-slate-600">(read-only)</span>
      </h3>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm" data-testid="fixed-api-parameters">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-col">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="font-mono text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
