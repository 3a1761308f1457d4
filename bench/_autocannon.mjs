// The load generator for bench/api.ts, run as its own process so it never shares the server's
// event loop or CPU time slice: `node bench/_autocannon.mjs '<json>'` prints autocannon's result
// as one JSON line. The options: url, connections, duration (s) or amount (requests), and
// headerSets (a list of header objects the requests take in turn: several users, each request
// cycling to the next); a body holding "{{n}}" gets a request counter there (distinct texts: the same
// text checked again by the same user answers free from the stored check, which is not what a
// paid endpoint's bench is after).
// autocannon is a bench-only tool, installed in bench/node_modules by _tools.ts (bench/package.json).
import autocannon from "autocannon";

const {
  url,
  connections = 50,
  duration = 5,
  amount,
  headerSets = [{}],
  method = "GET",
  body,
} = JSON.parse(process.argv[2]);
let next = 0;
let sent = 0;
const numbered = typeof body === "string" && body.includes("{{n}}");
const result = await autocannon({
  url,
  connections,
  ...(amount ? { amount } : { duration }),
  method,
  body,
  requests: [
    {
      setupRequest: (req) => {
        const headers = headerSets[next++ % headerSets.length];
        const own = numbered ? { body: body.replaceAll("{{n}}", String(sent++)) } : {};
        return { ...req, ...own, headers: { ...req.headers, ...headers } };
      },
    },
  ],
});
const { requests, latency, non2xx, errors, timeouts } = result;
process.stdout.write(
  `${JSON.stringify({ rps: requests.average, seconds: result.duration, total: requests.total, p50: latency.p50, p99: latency.p99, non2xx, errors, timeouts, statusCodeStats: result.statusCodeStats })}\n`,
);
