// `.env`: the settings of .env.example, read from a file in the working directory by the server and
// the admin command before the configuration is read. Parsed by Node's own reader (util.parseEnv,
// the format of `node --env-file`); a variable already set in the environment wins over the file.
import { existsSync, readFileSync } from "node:fs";
import { parseEnv } from "node:util";

/** The file's settings that the environment does not already set are added to `env`; returns their names. */
export function loadEnvFile(path = ".env", env: Record<string, string | undefined> = process.env): string[] {
  if (!existsSync(path)) return [];
  const added: string[] = [];
  for (const [name, value] of Object.entries(parseEnv(readFileSync(path, "utf8")))) {
    if (env[name] !== undefined) continue;
    env[name] = value;
    added.push(name);
  }
  return added;
}
