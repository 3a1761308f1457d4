// Test-only page (see ../../detection/harness.ts): the PublishDialog as the document page will mount it,
// for document "doc-e2e", version "ver-1", with the list of where the document is published.
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { MemoryRouter } from "react-router";
import { Toaster } from "sonner";
import { AuthProvider } from "../../../src/client/features/auth/auth-context";
import { PublicationsList, PublishDialog } from "../../../src/client/features/publishing";
import { queryClient } from "../../../src/client/lib/query";

createRoot(document.getElementById("root") as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <AuthProvider>
          <main className="space-y-4 p-8">
            <PublishDialog documentId="doc-e2e" versionId="ver-1" />
            <PublicationsList documentId="doc-e2e" />
          </main>
          <Toaster visibleToasts={1} />
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>
  </StrictMode>,
);
