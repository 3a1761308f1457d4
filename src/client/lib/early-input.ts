// What a visitor typed or chose on the prerendered landing page before React took it over. The page
// is drawn at build time and is usable at once, but hydration puts every controlled field back to the
// value it was drawn with (React sets a textarea's value to its prerendered text), so a prompt typed
// while the scripts load would be silently replaced by the sample. main.tsx starts watching before
// any script stage runs; the page that owns the fields takes what was entered once it is live.

/** Entered values by field name: a text field's value, a radio group's checked value. */
export type EarlyInput = ReadonlyMap<string, string>;

const entered = new Map<string, string>();
let root: HTMLElement | null = null;

function record(field: EventTarget | null) {
  if (field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && field.type === "text")) {
    if (field.name) entered.set(field.name, field.value);
  } else if (field instanceof HTMLInputElement && field.type === "radio") {
    if (field.name && field.checked) entered.set(field.name, field.value);
  }
}

const onEntry = (e: Event) => record(e.target);

/** Records what is entered in `container` from now on, and what was entered before the call. */
export function watchEarlyInput(container: HTMLElement) {
  if (root) return;
  root = container;
  for (const field of container.querySelectorAll<HTMLTextAreaElement | HTMLInputElement>("textarea, input")) {
    const changed =
      field instanceof HTMLInputElement && field.type === "radio"
        ? field.checked !== field.defaultChecked
        : field.value !== field.defaultValue;
    if (changed) record(field);
  }
  container.addEventListener("input", onEntry, true);
  container.addEventListener("change", onEntry, true);
}

/** What was entered before the page went live; stops watching. Later calls get an empty map. */
export function takeEarlyInput(): EarlyInput {
  if (root) {
    root.removeEventListener("input", onEntry, true);
    root.removeEventListener("change", onEntry, true);
  }
  const taken = new Map(entered);
  entered.clear();
  return taken;
}
