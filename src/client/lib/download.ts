// Saving a file the server sent (an export, a batch's ZIP) through the browser.

/** Saves `res`'s body under the name its Content-Disposition gives, else `fallback`. */
export async function saveResponse(res: Response, fallback: string): Promise<void> {
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? fallback;
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: the download may still be reading it.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
