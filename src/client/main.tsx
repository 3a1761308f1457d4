import "./styles.css";
import { SESSION_HINT_SELECTOR, startEarlyGet, startSessionReads } from "./lib/early-get";
import { watchEarlyInput } from "./lib/early-input";
import { pageData } from "./lib/page-data";
import { pageGets, pagePublicGets, preloadPage } from "./page-files";

// Before any stage below: the session check every page starts with (AuthProvider takes its answer),
// the public data of the page opened and its code, so none waits for the app's own code to run.
// Once the session names a user, what AuthProvider asks next (the verify call and the credits, side
// by side) and the page's own first reads start too, while the stages are still loading.
// With a session cookie on the page's request, the signed-in reads start beside the session check
// (early-get.ts, startSessionReads).
void startSessionReads(
  pageGets(window.location.pathname, window.location.search),
  document.querySelector(SESSION_HINT_SELECTOR) !== null,
);
// A public answer the server put in the page (lib/page-data.ts) is not asked for again.
const carried = pageData();
for (const url of pagePublicGets(window.location.pathname)) if (!Object.hasOwn(carried, url)) startEarlyGet(url);
preloadPage(window.location.pathname);

// The prerendered landing page can be typed in while the stages below load: keep what is entered
// so that hydration, which redraws the fields as they were prerendered, does not lose it.
const root = document.getElementById("root");
if (root?.firstElementChild) watchEarlyInput(root);

// The script is evaluated in stages (React DOM, TanStack Query's client, the router, the app), each in a task of its own (a timer between them), so loading
// the page is several short tasks rather than one long one that blocks input (Lighthouse's total
// blocking time). index.html preloads every stage (vite.config.ts), so the stages add no round trip.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
// The prerendered landing page paints first; the scripts (already fetching) run after that frame.
await new Promise((resolve) => requestAnimationFrame(resolve));
await nextTask();
await import("react-dom/client");
await nextTask();
await import("./lib/query");
await nextTask();
await import("./lib/router");
await nextTask();
await import("./boot");
