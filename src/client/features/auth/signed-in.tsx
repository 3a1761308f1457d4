// What a signed-in page shows before its content: a spinner while the session loads, `signedOut`
// without a user, and the page itself (`children`) once someone is signed in.
import type { ReactNode } from "react";
import { PageSpinner } from "../../components/ui/spinner";
import { useAuth } from "./auth-context";

export function SignedIn({ signedOut, children }: { signedOut: ReactNode; children: ReactNode }) {
  const { user, loading } = useAuth();
  if (loading) return <PageSpinner />;
  return <>{user ? children : signedOut}</>;
}
