// Whether a TCP connection to this server was opened by a process that started it (an ancestor: the
// shell, `npm start`, a script that launched the server as its child). Such a process is the operator
// on the server's own machine; a reverse proxy never is (nginx, HAProxy, stunnel run beside the server,
// not above it), so no request through any proxy passes, whatever headers it adds or leaves out.
//
// Linux only, through /proc: the client's end of the connection is the row of /proc/net/tcp{,6}
// whose local address is the connection's remote one and whose remote address is our local one; its
// inode names the socket, and a process owns the socket when one of /proc/<pid>/fd links to
// `socket:[inode]`. Only the server's ancestors are looked at (its ppid chain). Without /proc (macOS,
// a sandbox), or on any read error, the answer is no.
import { readdir, readFile, readlink } from "node:fs/promises";
import ipaddr from "ipaddr.js";

export interface ConnectionEnds {
  remoteAddress?: string;
  remotePort?: number;
  localAddress?: string;
  localPort?: number;
}

/** An address as /proc/net/tcp{,6} prints it (host-order 32-bit words in hex) → a normalised string. */
export function procAddress(hex: string): string | null {
  const bytes: number[] = [];
  if (!/^[0-9A-Fa-f]{8}$|^[0-9A-Fa-f]{32}$/.test(hex)) return null;
  // Each 32-bit word is printed in host order; on little-endian machines (x86, arm64) its bytes reversed.
  const little = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
  for (let w = 0; w < hex.length; w += 8) {
    const word = [0, 2, 4, 6].map((i) => Number.parseInt(hex.slice(w + i, w + i + 2), 16));
    bytes.push(...(little ? word.reverse() : word));
  }
  return normalise(ipaddr.fromByteArray(bytes).toString());
}

/** One form per address: IPv4-mapped IPv6 as its IPv4, IPv6 expanded. */
function normalise(address: string): string | null {
  try {
    const parsed = ipaddr.process(address.replace(/%.*$/, ""));
    return parsed.kind() === "ipv6" ? (parsed as ipaddr.IPv6).toNormalizedString() : parsed.toString();
  } catch {
    return null;
  }
}

/** The inode of the client's socket of the connection `ends` (seen from the server), or null. */
export async function clientSocketInode(ends: ConnectionEnds, proc = "/proc"): Promise<string | null> {
  const { remoteAddress, remotePort, localAddress, localPort } = ends;
  if (!remoteAddress || !localAddress || !remotePort || !localPort) return null;
  const client = normalise(remoteAddress);
  const server = normalise(localAddress);
  if (!client || !server) return null;
  for (const table of ["net/tcp", "net/tcp6"]) {
    let text: string;
    try {
      text = await readFile(`${proc}/${table}`, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10) continue;
      const [localHex, localPortHex] = f[1].split(":");
      const [remHex, remPortHex] = f[2].split(":");
      if (Number.parseInt(localPortHex, 16) !== remotePort || Number.parseInt(remPortHex, 16) !== localPort) continue;
      if (procAddress(localHex) !== client || procAddress(remHex) !== server) continue;
      const inode = f[9];
      if (inode && inode !== "0") return inode;
    }
  }
  return null;
}

/** The parent of `pid` (field 4 of /proc/<pid>/stat, read after the command's closing parenthesis). */
async function parentOf(pid: number, proc: string): Promise<number | null> {
  try {
    const stat = await readFile(`${proc}/${pid}/stat`, "utf8");
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    return Number.isInteger(ppid) && ppid > 0 ? ppid : null;
  } catch {
    return null;
  }
}

/** This process's ancestors, nearest first (its parent, that one's parent, … up to init). */
export async function ancestors(pid = process.pid, proc = "/proc"): Promise<number[]> {
  const found: number[] = [];
  let next = pid === process.pid ? process.ppid : await parentOf(pid, proc);
  while (next && next > 0 && !found.includes(next) && found.length < 64) {
    found.push(next);
    if (next === 1) break;
    next = await parentOf(next, proc);
  }
  return found;
}

async function owns(pid: number, inode: string, proc: string): Promise<boolean> {
  let fds: string[];
  try {
    fds = await readdir(`${proc}/${pid}/fd`);
  } catch {
    return false; // another user's process, or gone
  }
  const wanted = `socket:[${inode}]`;
  for (const fd of fds) {
    try {
      if ((await readlink(`${proc}/${pid}/fd/${fd}`)) === wanted) return true;
    } catch {
      // closed meanwhile
    }
  }
  return false;
}

/**
 * True when the client end of this connection is held by an ancestor of this server process (not
 * the server itself: its own outgoing requests are not the operator). False without /proc.
 */
export async function connectionFromAncestor(ends: ConnectionEnds, proc = "/proc"): Promise<boolean> {
  try {
    const inode = await clientSocketInode(ends, proc);
    if (!inode) return false;
    for (const pid of await ancestors(process.pid, proc)) if (await owns(pid, inode, proc)) return true;
    return false;
  } catch {
    return false;
  }
}
