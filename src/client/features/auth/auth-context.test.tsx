// @vitest-environment happy-dom
// The auth context's logic (spec §4): at start it asks the server for a session and verifies it;
// a user's credits load alongside the verification (shown once verified); refreshUser and
// refreshCredits read again; signing out clears everything even when the server cannot be reached.
// Rendered in a DOM (happy-dom) against a fake fetch that plays the API.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "../../../shared/auth";
import { apiGet, setBearerToken } from "../../lib/api";
import { AuthProvider, useAuth } from "./auth-context";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ada: SessionUser = { id: "u1", email: "ada@example.com", username: "ada", name: "Ada", role: "user" };
const balance = (available: number) => ({
  availableCredits: available,
  totalCredits: 100,
  usedCredits: 0,
  bonusCredits: 0,
});

/** A server with Ada's session and 40 credits. */
const signedIn = (): typeof routes => ({
  "GET /api/auth/get-session": () => ({ user: { id: "u1" } }),
  "POST /api/auth/verify": () => ({ success: true, user: ada }),
  "GET /api/billing/credits": () => balance(40),
});

/** The API as the fake fetch plays it: a handler per "METHOD /path", and the calls made. */
let routes: Record<string, (init: RequestInit) => unknown>;
let calls: string[];
beforeEach(() => {
  calls = [];
  setBearerToken(null);
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? "GET"} ${url}`;
    calls.push(key);
    const handler = routes[key];
    if (!handler) return new Response(JSON.stringify({ error: `no route ${key}` }), { status: 404 });
    const body = handler(init);
    if (body instanceof Response) return body;
    return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
  });
});

/** Waits for `check` to pass, inside act: the provider's requests resolve and its updates render meanwhile. */
const until = (check: () => void) => act(() => vi.waitFor(check));

let root: Root | undefined;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  vi.unstubAllGlobals();
});

/** Renders the provider; `auth()` is the context's latest value. */
async function renderAuth() {
  const client = new QueryClient({
    defaultOptions: {
      queries: { queryFn: ({ queryKey }) => apiGet(String(queryKey[0])), retry: false, staleTime: Infinity },
    },
  });
  let latest: ReturnType<typeof useAuth> | undefined;
  function Probe() {
    latest = useAuth();
    return null;
  }
  root = createRoot(document.createElement("div"));
  await act(async () => {
    root?.render(
      <QueryClientProvider client={client}>
        <AuthProvider>
          <Probe />
        </AuthProvider>
      </QueryClientProvider>,
    );
  });
  const auth = () => latest as ReturnType<typeof useAuth>;
  /** Lets the provider's requests and updates finish. */
  const settle = () => until(() => expect(auth().loading).toBe(false));
  return { auth, settle, client };
}

describe("AuthProvider", () => {
  it("starts signed out when the server has no session, without verifying anything", async () => {
    routes = { "GET /api/auth/get-session": () => null };
    const { auth, settle } = await renderAuth();
    await settle();
    expect(auth().user).toBeNull();
    expect(auth().credits).toBeUndefined();
    expect(calls).toEqual(["GET /api/auth/get-session"]);
  });

  it("verifies a session it finds with the server and loads the user's credits alongside", async () => {
    routes = signedIn();
    const { auth, settle } = await renderAuth();
    await settle();
    expect(auth().user).toEqual(ada);
    await until(() => expect(auth().credits?.availableCredits).toBe(40));
    expect(calls).toEqual(["GET /api/auth/get-session", "POST /api/auth/verify", "GET /api/billing/credits"]);
  });

  it("treats a session the server will not verify as signed out", async () => {
    routes = {
      "GET /api/auth/get-session": () => ({ user: { id: "u1" } }),
      "POST /api/auth/verify": () => new Response(JSON.stringify({ error: "Unauthorized" }), { status: 401 }),
    };
    const { auth, settle } = await renderAuth();
    await settle();
    expect(auth().user).toBeNull();
    // The balance was asked for alongside the verification; it is not shown for an unverified session.
    expect(auth().credits).toBeUndefined();
  });

  it("reads the user and the credits again on refreshUser and refreshCredits", async () => {
    let username = "ada";
    let available = 40;
    routes = {
      "GET /api/auth/get-session": () => ({ user: { id: "u1" } }),
      "POST /api/auth/verify": () => ({ success: true, user: { ...ada, username } }),
      "GET /api/billing/credits": () => balance(available),
    };
    const { auth, settle } = await renderAuth();
    await settle();
    await until(() => expect(auth().credits?.availableCredits).toBe(40));

    username = "ada.l";
    available = 35;
    await act(() => auth().refreshUser());
    expect(auth().user?.username).toBe("ada.l");
    await act(() => auth().refreshCredits());
    await until(() => expect(auth().credits?.availableCredits).toBe(35));
    expect(calls.filter((c) => c === "GET /api/billing/credits")).toHaveLength(2);
  });

  it("signs in, keeps the bearer token, verifies, and runs what waited for the sign-in", async () => {
    routes = {
      "GET /api/auth/get-session": () => null,
      "POST /api/auth/sign-in/email": () =>
        new Response(JSON.stringify({ ok: true }), { status: 200, headers: { "set-auth-token": "tok-1" } }),
      "POST /api/auth/verify": (init) => {
        expect((init.headers as Record<string, string>).Authorization).toBe("Bearer tok-1");
        return { success: true, user: ada };
      },
      "GET /api/billing/credits": () => balance(50),
    };
    const { auth, settle } = await renderAuth();
    await settle();
    const afterSignIn = vi.fn();
    await act(async () => auth().openSignIn("signin", afterSignIn));
    expect(auth().signInOpen).toBe(true);
    await act(() => auth().signIn("ada@example.com", "long-enough"));
    expect(auth().user).toEqual(ada);
    expect(auth().signInOpen).toBe(false);
    expect(afterSignIn).toHaveBeenCalledTimes(1);
    await until(() => expect(auth().credits?.availableCredits).toBe(50));
  });

  it("clears the user, the token and the cached credits on sign-out, even when the server is unreachable", async () => {
    routes = { ...signedIn(), "POST /api/auth/sign-out": () => new Response("bad gateway", { status: 502 }) };
    const { auth, settle, client } = await renderAuth();
    await settle();
    await until(() => expect(auth().credits?.availableCredits).toBe(40));
    setBearerToken("tok-1");
    await act(async () => {
      await expect(auth().signOut()).rejects.toThrow(/502/);
    });
    expect(auth().user).toBeNull();
    expect(auth().credits).toBeUndefined();
    expect(client.getQueryData(["/api/billing/credits"])).toBeUndefined();
    // The token is gone: the next call carries none.
    routes["GET /api/auth/get-session"] = (init) => {
      expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
      return null;
    };
    await apiGet("/api/auth/get-session");
  });

  it("signs in with an e-mailed link's token, keeping the session token it is answered", async () => {
    routes = {
      "GET /api/auth/get-session": () => null,
      "GET /api/auth/magic-link/verify?token=a%2Bb": () =>
        new Response(JSON.stringify({ user: { id: "u1" } }), {
          status: 200,
          headers: { "set-auth-token": "tok-link" },
        }),
      "POST /api/auth/verify": (init) => {
        expect((init.headers as Record<string, string>).Authorization).toBe("Bearer tok-link");
        return { success: true, user: ada };
      },
      "GET /api/billing/credits": () => balance(50),
    };
    const { auth, settle } = await renderAuth();
    await settle();
    await act(() => auth().signInWithLink("a+b"));
    expect(auth().user).toEqual(ada);
  });

  it("syncs the token to TOKEN_SYNC_URL on a secure page: POST on sign-in, DELETE on sign-out", async () => {
    Object.defineProperty(window, "isSecureContext", { value: true, configurable: true });
    try {
      const synced: string[] = [];
      routes = {
        "GET /api/auth/get-session": () => null,
        "GET /api/auth/providers": () => ({
          emailPassword: true,
          emailLink: true,
          google: false,
          tokenSyncUrl: "/sync",
        }),
        "POST /api/auth/sign-in/email": () =>
          new Response(JSON.stringify({ ok: true }), { status: 200, headers: { "set-auth-token": "tok-1" } }),
        "POST /api/auth/verify": () => ({ success: true, user: ada }),
        "GET /api/billing/credits": () => balance(50),
        "POST /api/auth/sign-out": () => ({ success: true }),
        [`POST ${window.location.origin}/sync`]: (init) => {
          synced.push(`POST ${new Headers(init.headers).get("authorization")}`);
          return new Response(null, { status: 204 });
        },
        [`DELETE ${window.location.origin}/sync`]: (init) => {
          synced.push(`DELETE ${new Headers(init.headers).get("authorization")}`);
          return new Response(null, { status: 204 });
        },
      };
      const { auth, settle } = await renderAuth();
      await settle();
      await act(() => auth().signIn("ada@example.com", "long-enough"));
      await until(() => expect(synced).toEqual(["POST Bearer tok-1"]));
      await act(() => auth().signOut());
      await until(() => expect(synced).toEqual(["POST Bearer tok-1", "DELETE null"]));
      expect(calls.filter((c) => c === "GET /api/auth/providers")).toHaveLength(1);
    } finally {
      Reflect.deleteProperty(window, "isSecureContext");
    }
  });

  it("forgets a session here without asking the server (forgetSession)", async () => {
    routes = signedIn();
    const { auth, settle } = await renderAuth();
    await settle();
    const before = calls.length;
    await act(async () => auth().forgetSession());
    expect(auth().user).toBeNull();
    expect(calls.slice(before)).toEqual([]);
  });
});
