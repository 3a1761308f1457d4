// Auth state (spec §4): starts loading; a signed-in report verifies with the server and loads
// credits; sign-out clears everything. Verification and credit-fetch failures show nothing.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import type { AuthProvidersResponse, SessionUser, VerifyResponse } from "../../../shared/auth";
import { apiFetch, apiGet, apiPost, onBearerToken, setBearerToken } from "../../lib/api";
import { startEarlyGet } from "../../lib/early-get";
import { refreshQueries } from "../../lib/refresh";
import { pageGets } from "../../page-files";
import { createTokenSync } from "./token-sync";

export interface CreditsBalance {
  availableCredits: number;
  totalCredits: number;
  usedCredits: number;
  bonusCredits: number;
}

export const CREDITS_KEY = ["/api/billing/credits"] as const;

interface AuthContextValue {
  loading: boolean;
  user: SessionUser | null;
  credits: CreditsBalance | undefined;
  refreshCredits: () => Promise<void>;
  signIn: (email: string, password: string) => Promise<void>;
  signUp: (email: string, password: string) => Promise<void>;
  /** Spends an e-mailed sign-in link's token (the page /sign-in-link). */
  signInWithLink: (token: string) => Promise<void>;
  signInWithGoogle: () => Promise<void>;
  /** Links Google to the signed-in account through the same popup. */
  linkGoogle: () => Promise<void>;
  signOut: () => Promise<void>;
  /** Re-reads the signed-in user (after verifying or changing the address, or the username). */
  refreshUser: () => Promise<void>;
  /** Forgets the session here without asking the server (the account or its sessions are gone). */
  forgetSession: () => void;
  /** The sign-in dialog: opened from the header, a gated action or an authentication error. */
  signInOpen: boolean;
  signInTab: SignInView;
  openSignIn: (tab?: SignInView, onSuccess?: () => void) => void;
  closeSignIn: () => void;
  onSignInSuccess?: () => void;
}

/** The dialog's views: the two tabs, the "Forgot password?" form and "E-mail me a sign-in link". */
export type SignInView = "signin" | "signup" | "forgot" | "link";

const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error("useAuth must be used within an AuthProvider");
  return ctx;
}

export async function keepToken(res: Response) {
  const token = res.headers.get("set-auth-token");
  if (token) setBearerToken(token);
  return res;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(true);
  const [user, setUser] = useState<SessionUser | null>(null);
  const [signInOpen, setSignInOpen] = useState(false);
  const [signInTab, setSignInTab] = useState<SignInView>("signin");
  const [onSignInSuccess, setOnSignInSuccess] = useState<(() => void) | undefined>();

  const credits = useQuery<CreditsBalance>({ queryKey: CREDITS_KEY, enabled: Boolean(user) });

  // TOKEN_SYNC_URL (token-sync.ts): the setting is asked for at the first change of the token.
  useEffect(() => {
    const sync = createTokenSync({
      url: async () => (await apiGet<AuthProvidersResponse>("/api/auth/providers")).tokenSyncUrl,
      fetch: (url, init) => fetch(url, init),
      now: () => Date.now(),
      isSecureContext: window.isSecureContext,
      origin: window.location.origin,
    });
    return onBearerToken((token) => void sync.changed(token));
  }, []);

  const verify = useCallback(async () => {
    try {
      const res = await apiPost<VerifyResponse>("/api/auth/verify");
      setUser(res.user);
      return res.user;
    } catch {
      setUser(null);
      return null;
    }
  }, []);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      let signedIn: SessionUser | null = null;
      try {
        const session = await apiGet<{ user?: SessionUser } | null>("/api/auth/get-session");
        if (!cancelled && session?.user) {
          // The balance loads alongside the verification, not after it (no session → verify →
          // credits waterfall); it is shown only once the user is verified.
          const verified = apiPost<{ success: boolean; user: SessionUser }>("/api/auth/verify");
          void queryClient.prefetchQuery({ queryKey: CREDITS_KEY });
          // So does the data of the page opened (a document), which its code asks for later.
          for (const url of pageGets(window.location.pathname, window.location.search)) startEarlyGet(url);
          signedIn = (await verified).user;
        }
      } catch {
        /* signed out */
      } finally {
        // One update, in a transition: the whole page draws again with the session, in slices that
        // leave the main thread free (no long task while the landing page loads).
        if (!cancelled)
          startTransition(() => {
            setUser(signedIn);
            setLoading(false);
          });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [queryClient]);

  const refreshCredits = useCallback(async () => {
    await refreshQueries(queryClient, { queryKey: CREDITS_KEY });
  }, [queryClient]);

  const afterSignIn = useCallback(async () => {
    await verify();
    await refreshCredits();
    setSignInOpen(false);
    onSignInSuccess?.();
    setOnSignInSuccess(undefined);
  }, [verify, refreshCredits, onSignInSuccess]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      await keepToken(await apiFetch("POST", "/api/auth/sign-in/email", { email, password }));
      await afterSignIn();
    },
    [afterSignIn],
  );

  const signUp = useCallback(
    async (email: string, password: string) => {
      await keepToken(await apiFetch("POST", "/api/auth/sign-up/email", { email, password }));
      await afterSignIn();
    },
    [afterSignIn],
  );

  const signInWithLink = useCallback(
    async (token: string) => {
      await keepToken(await apiFetch("GET", `/api/auth/magic-link/verify?token=${encodeURIComponent(token)}`));
      await afterSignIn();
    },
    [afterSignIn],
  );

  const signInWithGoogle = useCallback(async () => {
    await googlePopup("/api/auth/sign-in/social");
    await afterSignIn();
  }, [afterSignIn]);

  const linkGoogle = useCallback(async () => {
    await googlePopup("/api/auth/link-social");
    await verify();
  }, [verify]);

  const forgetSession = useCallback(() => {
    setBearerToken(null);
    setUser(null);
    queryClient.clear();
  }, [queryClient]);

  const refreshUser = useCallback(async () => {
    await verify();
  }, [verify]);

  const signOut = useCallback(async () => {
    try {
      await apiFetch("POST", "/api/auth/sign-out", {});
    } finally {
      setBearerToken(null);
      setUser(null);
      queryClient.removeQueries({ queryKey: CREDITS_KEY });
      queryClient.clear();
    }
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      loading,
      user,
      credits: user ? credits.data : undefined,
      refreshCredits,
      signIn,
      signUp,
      signInWithLink,
      signInWithGoogle,
      linkGoogle,
      signOut,
      refreshUser,
      forgetSession,
      signInOpen,
      signInTab,
      openSignIn: (tab = "signin", onSuccess) => {
        setSignInTab(tab);
        setOnSignInSuccess(() => onSuccess);
        setSignInOpen(true);
      },
      closeSignIn: () => setSignInOpen(false),
      onSignInSuccess,
    }),
    [
      loading,
      user,
      credits.data,
      refreshCredits,
      signIn,
      signUp,
      signInWithLink,
      signInWithGoogle,
      linkGoogle,
      signOut,
      refreshUser,
      forgetSession,
      signInOpen,
      signInTab,
      onSignInSuccess,
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** Google's consent in a 500 × 600 popup (spec §9) that lands on /auth/popup-complete. */
async function googlePopup(endpoint: string): Promise<void> {
  // Open the popup first, inside the click, so the browser does not block it.
  const popup = window.open("about:blank", "draftsmith-google", "width=500,height=600");
  if (!popup) throw new Error("popup-blocked");
  try {
    const { url } = await apiPost<{ url: string }>(endpoint, {
      provider: "google",
      callbackURL: "/auth/popup-complete",
      errorCallbackURL: "/auth/popup-complete?error=1",
      disableRedirect: true,
    });
    popup.location.href = url;
  } catch (err) {
    popup.close();
    throw err;
  }
  await new Promise<void>((resolve, reject) => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.data?.type !== "draftsmith:oauth") return;
      cleanup();
      if (event.data.ok) resolve();
      else reject(new Error("oauth-failed"));
    };
    const closedCheck = window.setInterval(() => {
      if (popup.closed) {
        // Give a late message a moment before calling it closed by the user.
        window.setTimeout(() => {
          cleanup();
          reject(new Error("popup-closed-by-user"));
        }, 500);
        window.clearInterval(closedCheck);
      }
    }, 400);
    const cleanup = () => {
      window.removeEventListener("message", onMessage);
      window.clearInterval(closedCheck);
    };
    window.addEventListener("message", onMessage);
  });
}
