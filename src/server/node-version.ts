// The Node.js the server needs. `npm install` puts Node 24 in node_modules/.bin (the `node`
// devDependency), where every npm script finds it first; anything else that runs the server (plain
// `node`, a service manager, `npm ci --omit=dev` with an older system Node) is checked by
// dist/server/main.js (entry.ts) before the server's code is loaded.
export const REQUIRED_NODE_MAJOR = 24;

/** One line saying which Node to use and how, or null when `version` (e.g. "20.20.2") will do. */
export function nodeVersionProblem(version: string): string | null {
  const major = Number(version.split(".")[0]);
  if (major >= REQUIRED_NODE_MAJOR) return null;
  return (
    `Draftsmith needs Node.js ${REQUIRED_NODE_MAJOR} or newer, and this is Node.js ${version}: ` +
    `start it with \`npm start\` after \`npm install\` (which installs Node ${REQUIRED_NODE_MAJOR} for npm's scripts), ` +
    `or install Node.js ${REQUIRED_NODE_MAJOR} (the version in .nvmrc) and run it with that.`
  );
}
