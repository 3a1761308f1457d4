import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifyAddress } from "./address-policy";
import { type Resolver, SafeHttp, SafeHttpError } from "./safe-http";

// No test here ever opens a connection to a private address other than 127.0.0.1: refusals happen
// before connecting (literal addresses) or inside the connection's own DNS lookup (names).

/** A fake DNS: names of our choosing → addresses of our choosing. */
const fakeDns =
  (table: Record<string, string>): Resolver =>
  async (hostname) => {
    const address = table[hostname];
    if (!address) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return [{ address, family: address.includes(":") ? 6 : 4 }];
  };

/** Real rules, except that 127.0.0.1 stands in for a public host (our loopback server). */
const loopbackIsPublic = (address: string) =>
  address === "127.0.0.1" ? { allowed: true, range: "unicast" } : classifyAddress(address);

let server: Server;
let origin: string;
let port: number;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url} auth=${req.headers.authorization ?? "-"}`);
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/redirect") {
      res.writeHead(302, { location: url.searchParams.get("to") ?? "/" });
      return res.end();
    }
    if (url.pathname === "/big") {
      res.writeHead(200, { "content-type": "text/plain" });
      res.write("x".repeat(64 * 1024));
      res.end("x".repeat(64 * 1024)); // no content-length: counted while reading
      return;
    }
    if (url.pathname === "/slow") return; // never answers
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ ok: true, path: url.pathname }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const strict = (over: Partial<ConstructorParameters<typeof SafeHttp>[0]> = {}) =>
  new SafeHttp({ allowPrivate: false, timeoutMs: 5_000, maxResponseBytes: 1024 * 1024, ...over });

async function refusal(p: Promise<unknown>): Promise<SafeHttpError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SafeHttpError);
  return err as SafeHttpError;
}

describe("SafeHttp without PUBLISH_ALLOW_PRIVATE_HOSTS", () => {
  it.each([
    ["loopback", "https://127.0.0.1/wp-json/"],
    ["loopback IPv6", "https://[::1]/wp-json/"],
    ["10.x", "https://10.1.2.3/wp-json/"],
    ["192.168.x", "https://192.168.0.10/"],
    ["172.16.x", "https://172.20.0.1/"],
    ["the cloud metadata service", "https://169.254.169.254/latest/meta-data/"],
    ["CGNAT", "https://100.64.0.1/"],
    ["IPv6 unique-local", "https://[fd00::1]/"],
    ["IPv6 link-local", "https://[fe80::1]/"],
    ["IPv4-mapped IPv6 of 10.x", "https://[::ffff:10.0.0.1]/"],
    ["0.0.0.0", "https://0.0.0.0/"],
    ["a decimal-encoded loopback", "https://2130706433/"],
    // Issue 26: the URL parser turns [::127.0.0.1] into [::7f00:1], which was classed as public.
    ["IPv4-compatible IPv6 of loopback", "https://[::127.0.0.1]/"],
    ["IPv4-compatible IPv6 of loopback, in hex", "https://[::7f00:1]/"],
    ["NAT64 of loopback", "https://[64:ff9b::7f00:1]/"],
    ["6to4 of 192.168.1.1", "https://[2002:c0a8:101::1]/"],
    ["IPv6 site-local", "https://[fec0::1]/"],
  ])("refuses %s before connecting", async (_name, url) => {
    const http = strict();
    const err = await refusal(http.request(url));
    expect(err.failure).toBe("private-address");
    expect(err.message).toMatch(/only connects to public sites/);
    await http.close();
  });

  it("refuses plain http, so credentials never travel in clear text", async () => {
    const http = strict();
    const err = await refusal(http.request("http://example.com/"));
    expect(err.failure).toBe("insecure-scheme");
    await http.close();
  });

  it("refuses ports other than the standard https ones (no port scanning through us)", async () => {
    const http = strict();
    const err = await refusal(http.request("https://example.com:22/"));
    expect(err.failure).toBe("bad-url");
    expect(err.message).toBe("example.com:22: only the standard https port (443, or 8443) can be used.");
    await http.close();
  });

  it("refuses a host name that resolves to a private address, inside the connection's own lookup", async () => {
    const http = strict({ resolver: fakeDns({ "intranet.example.test": "10.0.0.7" }) });
    const err = await refusal(http.request("https://intranet.example.test/wp-json/"));
    expect(err.failure).toBe("private-address");
    expect(err.message).toContain("intranet.example.test (10.0.0.7)");
    await http.close();
  });

  it("refuses a name when any one of its addresses is private", async () => {
    const resolver: Resolver = async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "127.0.0.1", family: 4 },
    ];
    const http = strict({ resolver });
    expect((await refusal(http.request("https://mixed.example.test/"))).failure).toBe("private-address");
    await http.close();
  });

  it("connects to the address its own lookup checked (no second DNS answer can slip in)", async () => {
    // The name exists only in our fake DNS: reaching the server proves the socket used our answer.
    const dns: Record<string, string> = { "blog.example.test": "127.0.0.1" };
    const http = strict({
      resolver: fakeDns(dns),
      testing: { addressPolicy: loopbackIsPublic, allowHttpOnAnyPort: true },
    });
    const ok = await http.request(`http://blog.example.test:${port}/hello`);
    expect(ok.json()).toEqual({ ok: true, path: "/hello" });
    // A name whose DNS answer is private when the connection is made is refused at that moment.
    dns["rebind.example.test"] = "192.168.1.1";
    const err = await refusal(http.request(`http://rebind.example.test:${port}/hello`));
    expect(err.failure).toBe("private-address");
    await http.close();
  });

  it.each([
    ["a private literal", "http://10.9.8.7/"],
    ["the metadata service", "http://169.254.169.254/latest/meta-data/"],
    ["IPv6 loopback", "http://[::1]/"],
    ["a name that resolves to a private address", "http://intranet.example.test/"],
  ])("does not follow a redirect to %s", async (_name, target) => {
    const http = strict({
      resolver: fakeDns({ "intranet.example.test": "192.168.7.7" }),
      testing: { addressPolicy: loopbackIsPublic, allowHttpOnAnyPort: true },
    });
    const before = hits.length;
    const err = await refusal(http.request(`${origin}/redirect?to=${encodeURIComponent(target)}`));
    expect(err.failure).toBe("private-address");
    expect(hits.length).toBe(before + 1); // only the first hop reached a server
    await http.close();
  });

  it("follows a redirect within the site, and drops credentials when one leaves the origin", async () => {
    const http = strict({
      resolver: fakeDns({ "other.example.test": "127.0.0.1" }),
      testing: { addressPolicy: loopbackIsPublic, allowHttpOnAnyPort: true },
    });
    const same = await http.request(`${origin}/redirect?to=/landing`, { headers: { authorization: "Basic c2VjcmV0" } });
    expect(same.json()).toEqual({ ok: true, path: "/landing" });
    expect(hits.at(-1)).toBe("GET /landing auth=Basic c2VjcmV0");
    const away = `http://other.example.test:${port}/elsewhere`;
    await http.request(`${origin}/redirect?to=${encodeURIComponent(away)}`, {
      headers: { authorization: "Basic c2VjcmV0" },
    });
    expect(hits.at(-1)).toBe("GET /elsewhere auth=-");
    await http.close();
  });

  it("stops after three redirects", async () => {
    const http = strict({ testing: { addressPolicy: loopbackIsPublic, allowHttpOnAnyPort: true } });
    let url = "/done";
    for (let i = 0; i < 4; i++) url = `/redirect?to=${encodeURIComponent(url)}`;
    expect((await refusal(http.request(`${origin}${url}`))).failure).toBe("too-many-redirects");
    await http.close();
  });
});

describe("SafeHttp limits", () => {
  it("drops an answer larger than the ceiling", async () => {
    const http = new SafeHttp({ allowPrivate: true, timeoutMs: 5_000, maxResponseBytes: 32 * 1024 });
    expect((await refusal(http.request(`${origin}/big`))).failure).toBe("too-large");
    const larger = await http.request(`${origin}/big`, { maxResponseBytes: 256 * 1024 });
    expect(larger.body.length).toBe(128 * 1024);
    await http.close();
  });

  it("gives up on a site that does not answer within the deadline", async () => {
    const http = new SafeHttp({ allowPrivate: true, timeoutMs: 300, maxResponseBytes: 1024 });
    const err = await refusal(http.request(`${origin}/slow`));
    expect(err.failure).toBe("timeout");
    expect(err.message).toMatch(/did not answer within/);
    await http.close();
  });

  it("with PUBLISH_ALLOW_PRIVATE_HOSTS reaches a loopback site over http", async () => {
    const http = new SafeHttp({ allowPrivate: true, timeoutMs: 5_000, maxResponseBytes: 1024 });
    const res = await http.request(`${origin}/x`);
    expect(res.status).toBe(200);
    await http.close();
  });
});
