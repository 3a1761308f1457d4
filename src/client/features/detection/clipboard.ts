// Copy to the clipboard with the spec §8 toasts: 'Copied' on success, a destructive 'Error' with the
// caller's failure text when the browser refuses (no permission, insecure context, no clipboard).
import { toast } from "../../lib/toast";

export async function copyToClipboard(
  text: string,
  {
    success = "Copied to the clipboard",
    failure = "Failed to copy response",
  }: { success?: string; failure?: string } = {},
): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error("Clipboard unavailable");
    await navigator.clipboard.writeText(text);
    toast.success("Copied", success);
    return true;
  } catch {
    toast.error("Error", failure);
    return false;
  }
}
