// @vitest-environment happy-dom
// Text delivered and charged but not saved is shown, with the server's message, until closed.
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, expect, it } from "vitest";
import { offerUnsavedText } from "../lib/unsaved-text";
import { UnsavedTextDialog } from "./unsaved-text-dialog";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = "";
});

it("shows the delivered text and the message, and closes", async () => {
  const host = document.createElement("div");
  document.body.append(host);
  const root = createRoot(host);
  await act(async () => root.render(<UnsavedTextDialog />));
  expect(document.body.textContent).not.toContain("Saved nothing");

  await act(async () => offerUnsavedText({ message: "Saved nothing: The text was delivered…", text: "# My draft" }));
  // The dialog's code loads with the first offer: wait for its module, then for React to draw it.
  await act(async () => {
    await import("./unsaved-text-dialog-view");
  });
  const box = document.querySelector<HTMLTextAreaElement>('textarea[aria-label="The text that was not saved"]');
  expect(box?.value).toBe("# My draft");
  expect(document.body.textContent).toContain("Saved nothing: The text was delivered…");

  const close = [...document.querySelectorAll("button")].find((b) => b.textContent === "Close");
  await act(async () => close?.click());
  expect(document.querySelector("textarea")).toBeNull();
  await act(async () => root.unmount());
});
