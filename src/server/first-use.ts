// A heavy module (Stripe, nodemailer, undici) loaded when a request first needs it, not at every
// start of the server: most installations never take a card payment, send through SMTP or publish.

export interface FirstUse<T> {
  /** The value, made by `load` at the first call; every later call gets the same promise. */
  get(): Promise<T>;
  /** The value if a call has made (or is making) it, else undefined: closing it loads nothing. */
  made(): Promise<T> | undefined;
}

export function firstUse<T>(load: () => Promise<T>): FirstUse<T> {
  let value: Promise<T> | undefined;
  return { get: () => (value ??= load()), made: () => value };
}
