import { useEffect } from "react";

/** Where Google's popup lands: tells the opener how it went, then closes itself. */
export function PopupComplete() {
  useEffect(() => {
    const ok = !new URLSearchParams(window.location.search).has("error");
    window.opener?.postMessage({ type: "draftsmith:oauth", ok }, window.location.origin);
    window.setTimeout(() => window.close(), 100);
  }, []);
  return <p className="p-8 text-center text-slate-700">Signing you in… you can close this window.</p>;
}
