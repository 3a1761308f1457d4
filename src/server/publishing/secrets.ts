// Connection secrets (WordPress Application Passwords, Shopify access tokens) at rest: AES-256-GCM with
// a key derived by HKDF-SHA256 from ENCRYPTION_KEY, or from the auth secret when that is unset. Each
// value gets a fresh 96-bit nonce, and the connection's id is authenticated with it (AAD), so a
// ciphertext copied onto another row does not decrypt.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";
const HKDF_SALT = "draftsmith.publishing";
const HKDF_INFO = "connection-secrets/aes-256-gcm/v1";
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export class SecretUnreadableError extends Error {}

export class SecretBox {
  private readonly key: Buffer;

  /** `keyMaterial`: ENCRYPTION_KEY when set, else the auth secret (both at least 32 characters). */
  constructor(keyMaterial: string) {
    if (keyMaterial.length < 32) throw new Error("The encryption key material must be at least 32 characters");
    this.key = Buffer.from(hkdfSync("sha256", keyMaterial, HKDF_SALT, HKDF_INFO, 32));
  }

  /** "v1.<nonce>.<ciphertext>.<tag>", each part base64url. */
  seal(plaintext: string, boundTo: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.key, nonce, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(boundTo, "utf8"));
    const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return [VERSION, nonce, ciphertext, cipher.getAuthTag()]
      .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
      .join(".");
  }

  open(sealed: string, boundTo: string): string {
    const [version, nonce, ciphertext, tag] = sealed.split(".");
    if (version !== VERSION || !nonce || ciphertext === undefined || !tag)
      throw new SecretUnreadableError("The stored secret is not in a known format.");
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, Buffer.from(nonce, "base64url"), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(boundTo, "utf8"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
    } catch {
      throw new SecretUnreadableError(
        "The stored secret cannot be decrypted with this server's key (was ENCRYPTION_KEY or BETTER_AUTH_SECRET changed?).",
      );
    }
  }
}

/** "••••1234": the last four characters, so a user can tell two secrets apart without seeing one. */
export function secretHint(secret: string): string {
  const compact = secret.replace(/\s+/g, "");
  return `••••${compact.slice(-4)}`;
}
