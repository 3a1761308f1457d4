// Hono's router, with its answers remembered. The app's route table makes Hono's SmartRouter fall
// back from RegExpRouter (it refuses the table) to TrieRouter, which walks the trie and gathers the
// /api/* middleware anew on every request. What a router answers depends only on the method and the
// path, so the last answers are kept: a bounded map (a flood of distinct paths only empties it,
// which costs no more than having no map).
import type { Result, Router } from "hono/router";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { SmartRouter } from "hono/router/smart-router";
import { TrieRouter } from "hono/router/trie-router";

export class MemoRouter<T> implements Router<T> {
  readonly name = "MemoRouter";
  private readonly answers = new Map<string, Result<T>>();

  constructor(
    private readonly inner: Router<T> = new SmartRouter<T>({ routers: [new RegExpRouter(), new TrieRouter()] }),
    private readonly maxEntries = 1000,
  ) {}

  add(method: string, path: string, handler: T): void {
    this.answers.clear();
    this.inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    let answer = this.answers.get(key);
    if (!answer) {
      answer = this.inner.match(method, path);
      if (this.answers.size >= this.maxEntries) this.answers.clear();
      this.answers.set(key, answer);
    }
    return answer;
  }
}
