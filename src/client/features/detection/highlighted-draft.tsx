// The draft itself with each sentence tinted by its AI score (issue 4: "people would rather look at
// their text than read a list"). Markdown is rendered (headings, lists, tables, emphasis) from remark's
// tree, and every text node is cut along the detector's sentence offsets. Each level has a colour and
// an underline style (dotted / dashed / solid), so the scale does not rely on colour alone.
// Hover or keyboard focus on a sentence shows its score and reasons in one tooltip; the draft is a
// single tab stop and the arrow keys move between sentences (roving tabindex). No innerHTML: every
// piece of the draft is a React text node.
import type { RootContent } from "mdast";
import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import type { DetectionResult } from "../../../shared/detection";
import { cn } from "../../lib/cn";
import { useCoarsePointer } from "../../lib/use-coarse-pointer";
import {
  LEVEL_STYLES,
  moveSentence,
  type ScoreLevel,
  type SentenceRange,
  sentenceHint,
  sentenceRanges,
  textFragments,
} from "./highlight";
import { formatPercent } from "./percent";
import { DraftParserBoundary, useDraftParser } from "./use-draft-parser";

export interface HighlightedDraftProps {
  /** The text that was analysed (markdown). Offsets of `result.sentences` refer to it. */
  text: string;
  /** The detection of `text`; sentences come from `result.sentences` (else `aiSentences`). */
  result: Pick<DetectionResult, "sentences" | "aiSentences" | "reasons"> & Partial<DetectionResult>;
  /** Accessible name of the draft region. Default 'Draft with AI highlights'. */
  label?: string;
  /** Show the colour legend above the draft (default true). */
  showLegend?: boolean;
  /** Show the document-level signals (result.reasons) above the draft (default true). */
  showDocumentReasons?: boolean;
  className?: string;
}

interface RenderCtx {
  source: string;
  ranges: SentenceRange[];
  active: number | null;
  focusable: number | null;
  /** Sentences whose first fragment has been rendered (the only one that takes focus). */
  seen: Set<number>;
  tooltipId: string;
  onEnter: (i: number, el: HTMLElement) => void;
  onLeave: (i: number) => void;
  onFocus: (i: number, el: HTMLElement) => void;
  onBlur: (i: number) => void;
}

function renderText(value: string, start: number | undefined, end: number | undefined, ctx: RenderCtx, key: string) {
  return textFragments(value, start, end, ctx.source, ctx.ranges).map((f, j) => {
    if (f.sentence === null) return f.text;
    const i = f.sentence;
    const r = ctx.ranges[i];
    const first = !ctx.seen.has(i);
    ctx.seen.add(i);
    const isActive = ctx.active === i;
    return (
      // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard has focus and the arrow keys (the section's onKeyDown); the click is for a tap, touch screens having no hover.
      <mark
        key={`${key}-${j}`}
        data-sentence={i}
        data-level={r.level}
        data-flagged={r.flagged || undefined}
        tabIndex={first ? (ctx.focusable === i ? 0 : -1) : undefined}
        aria-describedby={isActive && first ? ctx.tooltipId : undefined}
        className={cn(
          "rounded-sm bg-transparent text-inherit",
          LEVEL_STYLES[r.level].className,
          first && "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600",
          isActive && "ring-2 ring-brand-500/60",
        )}
        onMouseEnter={(e) => ctx.onEnter(i, e.currentTarget)}
        onMouseLeave={() => ctx.onLeave(i)}
        // A tap (touch screens have no hover) shows the same explanation.
        onClick={(e) => ctx.onEnter(i, e.currentTarget)}
        onFocus={first ? (e) => ctx.onFocus(i, e.currentTarget) : undefined}
        onBlur={first ? () => ctx.onBlur(i) : undefined}
      >
        {f.text}
      </mark>
    );
  });
}

function renderNodes(nodes: RootContent[], ctx: RenderCtx, key: string): ReactNode[] {
  return nodes.map((n, i) => renderNode(n, ctx, `${key}.${i}`));
}

function renderNode(node: RootContent, ctx: RenderCtx, key: string): ReactNode {
  const kids = () => ("children" in node ? renderNodes(node.children as RootContent[], ctx, key) : null);
  switch (node.type) {
    case "text":
      return renderText(node.value, node.position?.start.offset, node.position?.end.offset, ctx, key);
    case "inlineCode":
      return (
        <code key={key}>
          {renderText(node.value, node.position?.start.offset, node.position?.end.offset, ctx, key)}
        </code>
      );
    case "paragraph":
      return <p key={key}>{kids()}</p>;
    case "heading": {
      const Tag = `h${Math.min(6, node.depth)}` as "h1";
      return <Tag key={key}>{kids()}</Tag>;
    }
    case "emphasis":
      return <em key={key}>{kids()}</em>;
    case "strong":
      return <strong key={key}>{kids()}</strong>;
    case "delete":
      return <del key={key}>{kids()}</del>;
    case "blockquote":
      return <blockquote key={key}>{kids()}</blockquote>;
    case "list":
      return node.ordered ? (
        <ol key={key} start={node.start ?? undefined}>
          {kids()}
        </ol>
      ) : (
        <ul key={key}>{kids()}</ul>
      );
    case "listItem":
      return (
        <li key={key}>
          {node.checked === true ? "☑ " : node.checked === false ? "☐ " : null}
          {/* A tight list item's paragraph renders inline, as in the formatted view. */}
          {node.spread
            ? kids()
            : (node.children as RootContent[]).map((c, j) =>
                c.type === "paragraph" ? (
                  <span key={`${key}.${j}`}>{renderNodes(c.children, ctx, `${key}.${j}`)}</span>
                ) : (
                  renderNode(c, ctx, `${key}.${j}`)
                ),
              )}
        </li>
      );
    case "link":
    case "linkReference":
      // Shown as a link, not followed: the highlight view is for reading the analysis.
      return (
        <span key={key} className="text-brand-700 underline" title={node.type === "link" ? node.url : undefined}>
          {kids()}
        </span>
      );
    case "image":
    case "imageReference":
      return node.alt ? (
        <span key={key} className="text-slate-600 italic">
          [Image: {node.alt}]
        </span>
      ) : null;
    case "code":
      return (
        <pre key={key} className="overflow-x-auto rounded-lg bg-slate-50 p-3 text-sm">
          <code>{node.value}</code>
        </pre>
      );
    case "thematicBreak":
      return <hr key={key} className="my-4 border-slate-200" />;
    case "break":
      return <br key={key} />;
    case "table": {
      const [head, ...body] = node.children;
      return (
        <div key={key} className="overflow-x-auto">
          <table>
            {head && (
              <thead>
                <tr>
                  {head.children.map((cell, j) => (
                    <th key={j}>{renderNodes(cell.children, ctx, `${key}.h${j}`)}</th>
                  ))}
                </tr>
              </thead>
            )}
            <tbody>
              {body.map((row, r) => (
                <tr key={r}>
                  {row.children.map((cell, j) => (
                    <td key={j}>{renderNodes(cell.children, ctx, `${key}.${r}.${j}`)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    }
    case "html":
    case "definition":
    case "footnoteDefinition":
    case "yaml":
      // Raw HTML is never rendered (nor scored); definitions are not prose.
      return null;
    default:
      return "children" in node ? <span key={key}>{kids()}</span> : null;
  }
}

/** Legend of the colour scale, with each level's non-colour cue. */
export function HighlightLegend({ id, className }: { id?: string; className?: string }) {
  return (
    <div id={id} className={cn("flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-700", className)}>
      {([3, 2, 1, 0] as ScoreLevel[]).map((level) => (
        <span key={level} className="inline-flex items-center gap-1.5">
          <mark className={cn("rounded-sm bg-transparent px-1 text-slate-900", LEVEL_STYLES[level].className)}>Aa</mark>
          <span>
            {LEVEL_STYLES[level].label}
            <span className="sr-only"> ({LEVEL_STYLES[level].cue})</span>
          </span>
        </span>
      ))}
    </div>
  );
}

/** The highlight view; until the draft parser has loaded (screens that load it late), a spinner. */
export function HighlightedDraft(props: HighlightedDraftProps) {
  return (
    <DraftParserBoundary>
      <HighlightedDraftBody {...props} />
    </DraftParserBoundary>
  );
}

function HighlightedDraftBody({
  text,
  result,
  label = "Draft with AI highlights",
  showLegend = true,
  showDocumentReasons = true,
  className,
}: HighlightedDraftProps) {
  const parseDraft = useDraftParser();
  const tree = useMemo(() => parseDraft(text), [parseDraft, text]);
  const ranges = useMemo(() => sentenceRanges(text, result), [text, result]);
  const [active, setActive] = useState<number | null>(null);
  const [focusable, setFocusable] = useState<number | null>(null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [pos, setPos] = useState<{ top: number; left: number } | null>(null);
  const focused = useRef<number | null>(null);
  const containerRef = useRef<HTMLElement>(null);
  const tooltipRef = useRef<HTMLDivElement>(null);
  const tooltipId = useId();
  const hintId = useId();

  // The tab stop: the first flagged sentence, else the first sentence.
  useEffect(() => {
    setFocusable(
      ranges.length === 0
        ? null
        : Math.max(
            0,
            ranges.findIndex((r) => r.flagged),
          ),
    );
    setActive(null);
  }, [ranges]);

  const show = useCallback((i: number, el: HTMLElement) => {
    setActive(i);
    setAnchor(el);
  }, []);
  const hide = useCallback(() => {
    setActive(null);
    setAnchor(null);
  }, []);

  const ctxBase = {
    source: text,
    ranges,
    active,
    focusable,
    tooltipId,
    onEnter: show,
    onLeave: (i: number) => {
      // Hover gone: back to the focused sentence's tooltip, if one has focus.
      if (focused.current !== null && focused.current !== i) {
        const el = containerRef.current?.querySelector<HTMLElement>(
          `mark[data-sentence="${focused.current}"][tabindex]`,
        );
        if (el) return show(focused.current, el);
      }
      if (focused.current === null) hide();
    },
    onFocus: (i: number, el: HTMLElement) => {
      focused.current = i;
      setFocusable(i);
      show(i, el);
    },
    onBlur: (i: number) => {
      if (focused.current === i) focused.current = null;
      hide();
    },
  };
  const ctx: RenderCtx = { ...ctxBase, seen: new Set<number>() };
  const body = renderNodes(tree.children, ctx, "n");

  // Place the tooltip under the sentence (its last line), inside the container, clamped to its width.
  useLayoutEffect(() => {
    const container = containerRef.current;
    if (!anchor || !container) {
      setPos(null);
      return;
    }
    const c = container.getBoundingClientRect();
    const rects = anchor.getClientRects();
    const first = rects[0] ?? anchor.getBoundingClientRect();
    const last = rects[rects.length - 1] ?? first;
    const width = tooltipRef.current?.offsetWidth ?? 288;
    const left = Math.max(0, Math.min(first.left - c.left, c.width - width));
    setPos({ top: last.bottom - c.top + 6, left });
  }, [anchor]);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === "Escape") {
      hide();
      return;
    }
    if (focused.current === null || ranges.length === 0) return;
    const next = moveSentence(e.key, focused.current, ranges.length);
    if (next === null) return;
    e.preventDefault();
    const el = containerRef.current?.querySelector<HTMLElement>(`mark[data-sentence="${next}"][tabindex]`);
    setFocusable(next);
    el?.focus();
  };

  const activeRange = active !== null ? ranges[active] : undefined;
  const docReasons = result.reasons ?? [];
  const flaggedCount = ranges.filter((r) => r.flagged).length;
  const coarsePointer = useCoarsePointer();

  return (
    <div className={cn("space-y-3", className)}>
      {(showLegend || (showDocumentReasons && docReasons.length > 0)) && (
        <div className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
          {showLegend && <HighlightLegend />}
          {showDocumentReasons && docReasons.length > 0 && (
            <div className="text-xs text-slate-700">
              <span className="font-medium text-slate-800">What the detector noticed overall: </span>
              {docReasons.join(" · ")}
            </div>
          )}
          <p id={hintId} className="text-xs text-slate-600">
            {ranges.length === 0
              ? "No sentences were scored in this text."
              : sentenceHint(flaggedCount, ranges.length, coarsePointer)}
          </p>
        </div>
      )}
      <section
        ref={containerRef}
        aria-label={label}
        aria-describedby={hintId}
        className="relative"
        onKeyDown={onKeyDown}
        data-testid="highlighted-draft"
      >
        <div className="prose-draft">{body}</div>
        {activeRange && (
          <div
            ref={tooltipRef}
            id={tooltipId}
            role="tooltip"
            className="pointer-events-none absolute z-20 w-72 max-w-full rounded-md bg-slate-900 px-3 py-2 text-xs leading-5 text-white shadow-lg"
            style={pos ? { top: pos.top, left: pos.left } : { visibility: "hidden", top: 0, left: 0 }}
          >
            <p className="font-semibold">
              {LEVEL_STYLES[activeRange.level].label} · AI likelihood {formatPercent(activeRange.score * 100)}
            </p>
            {activeRange.reasons.length > 0 ? (
              <ul className="mt-1 list-disc space-y-0.5 pl-4">
                {activeRange.reasons.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-slate-200">
                {activeRange.level >= 2
                  ? "No single phrase stands out: the style of the sentence and of the whole text drives the score."
                  : "No AI signals fired for this sentence."}
              </p>
            )}
          </div>
        )}
      </section>
    </div>
  );
}
