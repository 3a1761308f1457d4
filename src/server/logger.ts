// Structured logs (pino) that carry no e-mail addresses and no SQL parameters, written to stdout
// without ever blocking the process.
//
// - Errors go through serializeError: an allow-list of fields. drizzle's query errors carry the
//   query's parameters (in `params` and in the message), pg's carry the values of a violated key in
//   `detail` ("Key (email)=(…) already exists"); neither leaves the process.
// - Every other string in a log line has e-mail addresses replaced; `email` fields are redacted.
// - stdout is written asynchronously (sonic-boom, sync: false), so a reader that stops reading
//   cannot block the event loop; when the reader is gone (EPIPE) `onBrokenPipe` is called — the
//   server shuts down rather than run on, unwatched — and nothing retries a write in a loop.
import pino from "pino";
import SonicBoom from "sonic-boom";

export type Logger = pino.Logger;

const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;
const REDACTED = "[redacted]";

/** The text with e-mail addresses replaced and any "params: …" list (drizzle's message) cut. */
export function scrubText(text: string): string {
  return text.replace(/\bparams: [^\n]*/g, `params: ${REDACTED}`).replace(EMAIL, "[email]");
}

// Fields of errors (Node, pg, drizzle, Stripe, piscina) that say what failed without saying with what.
const ERROR_FIELDS = [
  "code",
  "errno",
  "syscall",
  "severity",
  "routine",
  "table",
  "column",
  "constraint",
  "status",
  "statusCode",
  "type",
];

/** An error as a log line may carry it: type, scrubbed message and stack, safe fields, its causes. */
export function serializeError(err: unknown, depth = 0): unknown {
  if (typeof err === "string") return scrubText(err);
  if (!err || typeof err !== "object") return err;
  const e = err as Record<string, unknown> & { message?: unknown; stack?: unknown; cause?: unknown };
  const out: Record<string, unknown> = {
    type: (err as object).constructor?.name ?? "Object",
    message: typeof e.message === "string" ? scrubText(e.message) : undefined,
  };
  if (typeof e.stack === "string") out.stack = scrubText(e.stack);
  for (const key of ERROR_FIELDS) {
    const value = e[key];
    if (typeof value === "string" || typeof value === "number")
      out[key] = typeof value === "string" ? scrubText(value) : value;
  }
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** Plain objects and arrays with every string scrubbed (errors are the serializer's). */
function scrubDeep(value: unknown, depth: number): unknown {
  if (typeof value === "string") return scrubText(value);
  if (depth > 5 || !value || typeof value !== "object" || value instanceof Error) return value;
  if (Array.isArray(value)) return value.map((v) => scrubDeep(v, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = scrubDeep(v, depth + 1);
  return out;
}

export interface LoggerOptions {
  /** Where lines go (tests pass a stream); default stdout, asynchronously. */
  destination?: pino.DestinationStream;
  /** Called once when stdout's reader is gone (EPIPE). */
  onBrokenPipe?: () => void;
}

const flushers = new WeakMap<Logger, (timeoutMs: number) => Promise<void>>();

export function createLogger(level: string, pretty = false, opts: LoggerOptions = {}): Logger {
  let destination = opts.destination;
  let flush: ((timeoutMs: number) => Promise<void>) | undefined;
  if (!destination && level === "silent") destination = { write: () => {} };
  if (!destination && !pretty) {
    // minLength 1: every line is written at once, and flush(cb) waits for the write in flight.
    const stdout = new SonicBoom({ fd: 1, sync: false, minLength: 1 });
    let broken = false;
    stdout.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "EPIPE" && !broken) {
        broken = true;
        opts.onBrokenPipe?.();
      }
      // Other write errors are dropped: a log line is never worth a crash.
    });
    destination = stdout;
    flush = (timeoutMs) =>
      new Promise<void>((resolve) => {
        if (broken) return resolve();
        const timer = setTimeout(resolve, timeoutMs);
        timer.unref();
        try {
          stdout.flush(() => {
            clearTimeout(timer);
            resolve();
          });
        } catch {
          clearTimeout(timer);
          resolve();
        }
      });
  }
  const logger = pino(
    {
      level,
      base: undefined,
      redact: {
        paths: [
          "req.headers.authorization",
          "req.headers.cookie",
          "*.apiKey",
          "*.secret",
          "*.password",
          "password",
          "email",
          "*.email",
        ],
        censor: REDACTED,
      },
      serializers: { err: serializeError, error: serializeError },
      formatters: { log: (object) => scrubDeep(object, 0) as Record<string, unknown> },
      hooks: {
        logMethod(args, method) {
          method.apply(this, args.map((a) => (typeof a === "string" ? scrubText(a) : a)) as Parameters<typeof method>);
        },
      },
      ...(pretty && !opts.destination ? { transport: { target: "pino-pretty", options: { colorize: true } } } : {}),
    },
    destination,
  );
  if (flush) flushers.set(logger, flush);
  return logger;
}

/** Writes out what the logger still holds, giving up after `timeoutMs` (never a blocking retry loop). */
export async function flushLogger(logger: Logger, timeoutMs = 1000): Promise<void> {
  await flushers.get(logger)?.(timeoutMs);
}
