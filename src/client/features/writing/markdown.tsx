// Markdown drafts as React elements, straight from the highlight view's remark tree (GFM): the client
// ships no remark-rehype, hast or rehype-sanitize (those stay on the server). Safety comes from what
// is rendered at all: raw HTML is dropped, only known nodes become fixed elements, and URLs pass the
// scheme allowlist of GitHub's sanitize schema (no javascript:, data: or vbscript:). No innerHTML
// anywhere, so model output can never run as code here.
import type {
  Definition,
  FootnoteDefinition,
  List,
  ListItem,
  Nodes,
  Paragraph,
  RootContent,
  Table,
  TableRow,
} from "mdast";
import { Fragment, type ReactNode, useMemo } from "react";
import { cn } from "../../lib/cn";
import { DraftParserBoundary, type Parse, useDraftParser } from "../detection/use-draft-parser";

/** Prefix of the ids drafts create (footnotes), so they can never clash with the page's own. */
const ID_PREFIX = "user-content-";
const FOOTNOTE_LABEL_ID = `${ID_PREFIX}footnote-label`;

const LINK_PROTOCOLS = ["http", "https", "mailto"];
const IMAGE_PROTOCOLS = ["http", "https"];
/** A code block's language, when it is a plain name (it becomes a class). */
const LANGUAGE = /^[\w+-]+$/;

interface RenderCtx {
  definitions: Map<string, Definition>;
  footnotes: Map<string, FootnoteDefinition>;
  /** Footnotes in order of first reference: a footnote's number is its index + 1. */
  order: string[];
  /** References made so far to each footnote, each one getting a back link. */
  refs: Map<string, number>;
}

/**
 * `url` if it is relative or uses one of `protocols`, else undefined. As in hast-util-sanitize, any
 * text before a first ":" that comes before any "/", "?" or "#" is a scheme and must be on the list,
 * so "JaVaScRiPt:", "java\tscript:" or " javascript:" never pass (entities are already decoded).
 */
function safeUrl(url: string | null | undefined, protocols: string[]): string | undefined {
  if (!url) return undefined;
  const colon = url.indexOf(":");
  const pathStart = url.search(/[/?#]/);
  if (colon === -1 || (pathStart !== -1 && pathStart < colon)) return url;
  return protocols.includes(url.slice(0, colon).toLowerCase()) ? url : undefined;
}

function collectDefinitions(node: Nodes, ctx: RenderCtx) {
  // The first definition of an identifier wins, as in CommonMark.
  if (node.type === "definition" && !ctx.definitions.has(node.identifier)) ctx.definitions.set(node.identifier, node);
  if (node.type === "footnoteDefinition" && !ctx.footnotes.has(node.identifier)) {
    ctx.footnotes.set(node.identifier, node);
  }
  if ("children" in node) for (const child of node.children) collectDefinitions(child, ctx);
}

/** Where a link or an image points: its own url and title, or its definition's. */
type Target = Pick<Definition, "url" | "title"> | undefined;

function renderLink(target: Target, children: ReactNode, key: string) {
  const href = safeUrl(target?.url, LINK_PROTOCOLS);
  // Links out of the product open in a new tab and pass no opener, referrer or endorsement.
  const external = href !== undefined && /^(https?:|\/\/)/i.test(href);
  return (
    <a
      key={key}
      href={href}
      title={target?.title ?? undefined}
      rel={external ? "noopener noreferrer nofollow" : undefined}
      target={external ? "_blank" : undefined}
    >
      {children}
    </a>
  );
}

function renderImage(target: Target, alt: string | null | undefined, key: string) {
  return (
    <img
      key={key}
      src={safeUrl(target?.url, IMAGE_PROTOCOLS)}
      alt={alt ?? ""}
      title={target?.title ?? undefined}
      loading="lazy"
    />
  );
}

// Footnote labels hold no whitespace, so they can go in ids and fragments as they are.
const footnoteId = (identifier: string) => `${ID_PREFIX}fn-${identifier}`;
const footnoteRefId = (identifier: string, n: number) => `${ID_PREFIX}fnref-${identifier}${n > 1 ? `-${n}` : ""}`;

function renderFootnoteReference(identifier: string, ctx: RenderCtx, key: string) {
  if (!ctx.order.includes(identifier)) ctx.order.push(identifier);
  const n = (ctx.refs.get(identifier) ?? 0) + 1;
  ctx.refs.set(identifier, n);
  return (
    <sup key={key}>
      <a href={`#${footnoteId(identifier)}`} id={footnoteRefId(identifier, n)} aria-describedby={FOOTNOTE_LABEL_ID}>
        {ctx.order.indexOf(identifier) + 1}
      </a>
    </sup>
  );
}

function renderList(node: List, ctx: RenderCtx, key: string) {
  // Loose as remark-rehype has it: a list is loose when it or any of its items is spread.
  const loose = Boolean(node.spread) || node.children.some((item) => item.spread ?? item.children.length > 1);
  const tasks = node.children.some((item) => typeof item.checked === "boolean");
  const items = node.children.map((item, i) => renderListItem(item, loose, ctx, `${key}.${i}`));
  const className = tasks ? "contains-task-list" : undefined;
  return node.ordered ? (
    <ol key={key} className={className} start={node.start != null && node.start !== 1 ? node.start : undefined}>
      {items}
    </ol>
  ) : (
    <ul key={key} className={className}>
      {items}
    </ul>
  );
}

function renderListItem(item: ListItem, loose: boolean, ctx: RenderCtx, key: string) {
  const task = typeof item.checked === "boolean";
  const box = task && (
    <>
      <input
        type="checkbox"
        checked={Boolean(item.checked)}
        disabled
        readOnly
        aria-label={item.checked ? "Done" : "Not done"}
      />{" "}
    </>
  );
  return (
    <li key={key} className={task ? "task-list-item" : undefined}>
      {item.children.map((child, i) => {
        const k = `${key}.${i}`;
        const lead = i === 0 && box;
        if (child.type !== "paragraph") {
          return (
            <Fragment key={k}>
              {lead}
              {renderNode(child, ctx, k)}
            </Fragment>
          );
        }
        // A tight list's paragraphs render inline, as remark-rehype does.
        const Wrap = loose ? "p" : Fragment;
        return (
          <Wrap key={k}>
            {lead}
            {renderNodes(child.children, ctx, k)}
          </Wrap>
        );
      })}
    </li>
  );
}

function renderTableRow(row: TableRow, table: Table, Cell: "th" | "td", ctx: RenderCtx, key: string) {
  // Rows are cut or padded to the header's width, as remark-rehype does.
  const width = table.align?.length ?? row.children.length;
  return (
    <tr key={key}>
      {Array.from({ length: width }, (_, j) => {
        const align = table.align?.[j];
        const cell = row.children[j];
        return (
          <Cell key={j} style={align ? { textAlign: align } : undefined}>
            {cell && renderNodes(cell.children, ctx, `${key}.${j}`)}
          </Cell>
        );
      })}
    </tr>
  );
}

function renderTable(node: Table, ctx: RenderCtx, key: string) {
  const [head, ...body] = node.children;
  return (
    <table key={key}>
      {head && <thead>{renderTableRow(head, node, "th", ctx, `${key}.h`)}</thead>}
      {body.length > 0 && <tbody>{body.map((row, r) => renderTableRow(row, node, "td", ctx, `${key}.${r}`))}</tbody>}
    </table>
  );
}

function renderNodes(nodes: RootContent[], ctx: RenderCtx, key: string): ReactNode[] {
  return nodes.map((n, i) => renderNode(n, ctx, `${key}.${i}`));
}

function renderNode(node: RootContent, ctx: RenderCtx, key: string): ReactNode {
  const kids = () => ("children" in node ? renderNodes(node.children as RootContent[], ctx, key) : null);
  switch (node.type) {
    case "text":
      return node.value;
    case "paragraph":
      return <p key={key}>{kids()}</p>;
    case "heading": {
      const Tag = `h${node.depth}` as const;
      return <Tag key={key}>{kids()}</Tag>;
    }
    case "emphasis":
      return <em key={key}>{kids()}</em>;
    case "strong":
      return <strong key={key}>{kids()}</strong>;
    case "delete":
      return <del key={key}>{kids()}</del>;
    case "inlineCode":
      return <code key={key}>{node.value}</code>;
    case "code":
      // The trailing newline of a non-empty block is remark-rehype's.
      return (
        <pre key={key}>
          <code className={node.lang && LANGUAGE.test(node.lang) ? `language-${node.lang}` : undefined}>
            {node.value && `${node.value}\n`}
          </code>
        </pre>
      );
    case "blockquote":
      return <blockquote key={key}>{kids()}</blockquote>;
    case "list":
      return renderList(node, ctx, key);
    case "table":
      return renderTable(node, ctx, key);
    case "thematicBreak":
      return <hr key={key} />;
    case "break":
      return <br key={key} />;
    case "link":
      return renderLink(node, kids(), key);
    case "linkReference":
      return renderLink(ctx.definitions.get(node.identifier), kids(), key);
    case "image":
      return renderImage(node, node.alt, key);
    case "imageReference":
      return renderImage(ctx.definitions.get(node.identifier), node.alt, key);
    case "footnoteReference":
      return renderFootnoteReference(node.identifier, ctx, key);
    default:
      // Raw HTML is never rendered; definitions show through what refers to them.
      return null;
  }
}

/** The footnote `identifier` (numbered `index` + 1) with a back link to each of its references. */
function renderFootnote(identifier: string, index: number, ctx: RenderCtx) {
  const key = `fn.${index}`;
  const backLinks = Array.from({ length: ctx.refs.get(identifier) ?? 1 }, (_, r) => (
    <Fragment key={r}>
      {" "}
      <a
        href={`#${footnoteRefId(identifier, r + 1)}`}
        className="data-footnote-backref"
        aria-label={`Back to reference ${index + 1}${r > 0 ? `-${r + 1}` : ""}`}
      >
        ↩{r > 0 && <sup>{r + 1}</sup>}
      </a>
    </Fragment>
  ));
  const content = ctx.footnotes.get(identifier)?.children ?? [];
  const last = content.at(-1);
  // The back links close the last paragraph, as on GitHub.
  const closing: Paragraph | undefined = last?.type === "paragraph" ? last : undefined;
  return (
    <li key={key} id={footnoteId(identifier)}>
      {renderNodes(closing ? content.slice(0, -1) : content, ctx, key)}
      {closing ? (
        <p>
          {renderNodes(closing.children, ctx, `${key}.last`)}
          {backLinks}
        </p>
      ) : (
        backLinks
      )}
    </li>
  );
}

function renderFootnotes(ctx: RenderCtx): ReactNode {
  if (ctx.order.length === 0) return null;
  const items: ReactNode[] = [];
  // A footnote may cite one not cited before, which joins `order` while this runs.
  for (let i = 0; i < ctx.order.length; i++) items.push(renderFootnote(ctx.order[i], i, ctx));
  return (
    <section key="footnotes" className="footnotes">
      <h2 className="sr-only" id={FOOTNOTE_LABEL_ID}>
        Footnotes
      </h2>
      <ol>{items}</ol>
    </section>
  );
}

function renderMarkdown(parseDraft: Parse, text: string): ReactNode[] {
  const tree = parseDraft(text);
  const ctx: RenderCtx = { definitions: new Map(), footnotes: new Map(), order: [], refs: new Map() };
  collectDefinitions(tree, ctx);
  const body = renderNodes(tree.children, ctx, "n");
  return [...body, renderFootnotes(ctx)];
}

/** A markdown draft, rendered safely in the product's long-text style (a spinner until the parser has loaded). */
export function Markdown({ text, className }: { text: string; className?: string }) {
  return (
    <DraftParserBoundary>
      <MarkdownBody text={text} className={className} />
    </DraftParserBoundary>
  );
}

function MarkdownBody({ text, className }: { text: string; className?: string }) {
  const parseDraft = useDraftParser();
  const nodes = useMemo(() => renderMarkdown(parseDraft, text), [parseDraft, text]);
  return <div className={cn("prose-draft", className)}>{nodes}</div>;
}
