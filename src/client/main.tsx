import "./styles.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Toaster } from "sonner";
import { TOAST } from "../shared/limits";
import { AuthProvider } from "./features/auth/auth-context";
import { queryClient } from "./lib/query";
import { router } from "./routes";

createRoot(document.getElementById("root") as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
        <Toaster visibleToasts={TOAST.limit} duration={TOAST.durationMs} richColors closeButton position="top-center" />
      </AuthProvider>
    </QueryClientProvider>
  </StrictMode>,
);
