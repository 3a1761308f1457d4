// What a signed-in page shows before its content: `loading` while the session loads (a spinner unless
// the page draws its heading too: prerender.tsx sends that drawing before any script has run),
// `signedOut` without a user, and the page itself (`children`) once someone is signed in.
import type { ReactNode } from "react";
import { PageSpinner } from "../../components/ui/spinner";
import { useAuth } from "./auth-context";

export function SignedIn({
  signedOut,
  loading: whileLoading = <PageSpinner />,
  children,
}: {
  signedOut: ReactNode;
  loading?: ReactNode;
  children: ReactNode;
}) {
  const { user, loading } = useAuth();
  if (loading) return <>{whileLoading}</>;
  return <>{user ? children : signedOut}</>;
}
