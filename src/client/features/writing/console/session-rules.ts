// The session form's rules (SessionContext, spec §5) load with the form's first check, not with the
// page: zod and its resolver are about 41 kB of gzip the full app and the console need not wait for
// before they paint. A check always awaits them; reading the form as a session (sessionOf) needs
// them loaded, which a draft's first Generate (a check) or reopening a document has done.
import type { Resolver } from "react-hook-form";
import type { SessionContext } from "../../../../shared/writing";
import type { SessionFormValues } from "./session-defaults";

type Rules = typeof import("../../../../shared/writing").SessionContext;

let rules: Rules | undefined;
let loading: Promise<Rules> | undefined;

/** The rules, loading them once. */
export function loadSessionRules(): Promise<Rules> {
  loading ??= import("../../../../shared/writing").then(
    (m) => {
      rules = m.SessionContext;
      return rules;
    },
    (err: unknown) => {
      loading = undefined; // a failed load (offline) is tried again by the next check
      throw err;
    },
  );
  return loading;
}

/** The form's values as a session; null when they break a rule or the rules are not loaded yet. */
export function sessionOf(values: SessionFormValues): SessionContext | null {
  const parsed = rules?.safeParse(values);
  return parsed?.success ? parsed.data : null;
}

/** The form's resolver: SessionContext's rules, in zod's words. */
export const sessionResolver: Resolver<SessionFormValues> = async (values, context, options) => {
  const [{ zodResolver }, schema] = await Promise.all([import("@hookform/resolvers/zod"), loadSessionRules()]);
  return (zodResolver(schema) as unknown as Resolver<SessionFormValues>)(values, context, options);
};
