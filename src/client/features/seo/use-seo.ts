// useSeoHtml(): the SEO HTML call (produce-code or optimize) as a TanStack mutation with the spec §8
// handling: the Insufficient Credits dialog on a 402, sign-in on a 401, else 'SEO Optimization
// Failed' with the server's reason ('Failed to optimize content for SEO' by default). The balance is
// refreshed after every call.
import { useMutation } from "@tanstack/react-query";
import { ApiError } from "../../lib/api";
import { errorText } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { useAuth } from "../auth/auth-context";
import { useInsufficientCredits } from "../credits/insufficient-credits-dialog";
import { type SeoCall, type SeoHtmlEndpoint, type SeoHtmlResult, seoHtml } from "./api";

export const SEO_TOASTS = {
  failureTitle: "SEO Optimization Failed",
  failureMessage: "Failed to optimize content for SEO",
} as const;

export interface UseSeoHtmlOptions {
  endpoint?: SeoHtmlEndpoint;
  failureTitle?: string;
  failureMessage?: string;
}

export function useSeoHtml({ endpoint = "produce-code", failureTitle, failureMessage }: UseSeoHtmlOptions = {}) {
  const { refreshCredits, openSignIn } = useAuth();
  const insufficient = useInsufficientCredits();
  return useMutation<SeoHtmlResult, unknown, SeoCall>({
    mutationFn: (call) => seoHtml(endpoint, call),
    onError: (err) => {
      if (insufficient.openFromError(err)) return;
      if (err instanceof ApiError && err.status === 401) {
        openSignIn("signin");
        return;
      }
      toast.error(failureTitle ?? SEO_TOASTS.failureTitle, errorText(err, failureMessage ?? SEO_TOASTS.failureMessage));
    },
    onSettled: () => {
      void refreshCredits();
    },
  });
}
