import pino from "pino";

export type Logger = pino.Logger;

export function createLogger(level: string, pretty = false): Logger {
  return pino({
    level,
    base: undefined,
    redact: { paths: ["req.headers.authorization", "req.headers.cookie", "*.apiKey", "*.secret"], remove: true },
    ...(pretty ? { transport: { target: "pino-pretty", options: { colorize: true } } } : {}),
  });
}
