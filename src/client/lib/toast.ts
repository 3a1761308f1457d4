import { TOAST } from "../../shared/limits";
import { type ParsedError, parseError } from "./errors";

// sonner (and its Toaster) load with the first toast, not with the landing page: `toast.*` imports
// it, asks <ToastHost> (main.tsx) to mount the Toaster, and shows the toast once it is mounted (a
// toast published before the Toaster subscribes would be lost).
type Sonner = typeof import("sonner");
let loading: Promise<Sonner> | undefined;
let mountToaster: ((sonner: Sonner) => Promise<void>) | undefined;

/** Called once by <ToastHost>: mounts the Toaster and resolves when it is in the page. */
export function registerToastHost(mount: (sonner: Sonner) => Promise<void>) {
  mountToaster = mount;
}

function sonner(): Promise<Sonner> {
  loading ??= import("sonner").then(async (m) => {
    await mountToaster?.(m);
    return m;
  });
  return loading;
}

function show(
  kind: "success" | "info" | "warning" | "error",
  title: string,
  description: string | undefined,
  duration: number,
) {
  void sonner().then(({ toast }) =>
    kind === "info" ? toast(title, { description, duration }) : toast[kind](title, { description, duration }),
  );
}

// Spec §9: one toast at a time (the Toaster's visibleToasts), 5 s by default, 8 s for generation errors.
export const toast = {
  success: (title: string, description?: string) => show("success", title, description, TOAST.durationMs),
  info: (title: string, description?: string) => show("info", title, description, TOAST.durationMs),
  warning: (title: string, description?: string) => show("warning", title, description, TOAST.durationMs),
  error: (title: string, description?: string) => show("error", title, description, TOAST.durationMs),
  /** Destructive, 8 seconds, 'Please try again' when there is nothing better to say. */
  generationError: (parsed: ParsedError) =>
    show("error", parsed.title, parsed.message || "Please try again", TOAST.generationErrorMs),
  fromError: (err: unknown, fallbackTitle?: string) => {
    const parsed = parseError(err);
    show("error", fallbackTitle ?? parsed.title, parsed.message, TOAST.durationMs);
  },
};
