// Bringing a result the user just paid for into view (issue 31, item 14): on a phone the SEO panel
// sits far below the tab that shows its HTML, so after Generate the page scrolls there — and only
// when it is out of view, so a desktop layout (the HTML beside the button) does not jump.

/** True when the element's top edge is above the viewport or too low in it to be seen. */
export function isOutOfView(rect: { top: number; bottom: number }, viewportHeight: number, margin = 80): boolean {
  return rect.top < 0 || rect.top > viewportHeight - margin;
}

/**
 * Scrolls `el` to the top of the screen when it is out of view (smoothly unless the user asked for
 * reduced motion) and moves focus to `focus`, so a screen reader follows. Returns whether it moved.
 */
export function revealIfHidden(el: HTMLElement | null, focus?: HTMLElement | null): boolean {
  if (!el || !isOutOfView(el.getBoundingClientRect(), window.innerHeight)) return false;
  const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  el.scrollIntoView({ block: "start", behavior: reduced ? "auto" : "smooth" });
  focus?.focus({ preventScroll: true });
  return true;
}
