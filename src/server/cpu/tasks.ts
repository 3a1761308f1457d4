// The request work that runs in the CPU pool, by name: markdown → SEO HTML and its report, the
// offline SEO revision, the built-in AI detector, and a page drawn for a document's owner (the
// build's page renderer). Loaded only inside the workers.
import { detectBuiltin } from "../detection/index";
import { drawPageTask } from "../http/page-renderer";
import { MarkdownShapeError, produceSeoHtml, reviseForSeo } from "../seo/index";
import { TaskRefusal } from "./task-runner";

/** A markdown shape the pipeline does not take becomes the caller's 422. */
const refusingShapes =
  <I, O>(run: (input: I) => O) =>
  (input: I): O => {
    try {
      return run(input);
    } catch (err) {
      if (err instanceof MarkdownShapeError) throw new TaskRefusal(err.message);
      throw err;
    }
  };

export const CPU_TASKS = {
  produceSeoHtml: refusingShapes(produceSeoHtml),
  reviseForSeo: refusingShapes(reviseForSeo),
  detectBuiltin,
  drawPage: drawPageTask,
} as const;

export type CpuTasks = typeof CPU_TASKS;
