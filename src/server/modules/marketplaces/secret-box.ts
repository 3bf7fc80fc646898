/**
 * Shop secrets at rest: tokens and keys are sealed with AES-256-GCM under SECRETS_KEY (32 bytes,
 * base64, from the environment) before they reach PostgreSQL, so a database dump or backup
 * holds no usable credential. A sealed blob is version (1 byte) ‖ nonce (12) ‖ tag (16) ‖
 * ciphertext; the shop's tenant and id are bound in as associated data, so a blob copied onto
 * another shop's row does not open.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretBox {
  seal(plain: object, boundTo: string): Buffer;
  open<T>(sealed: Buffer, boundTo: string): T;
}

/** The key from its base64 text; anything but 32 bytes stops the start with a message. */
export function parseSecretsKey(base64: string): Buffer {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes in base64 (openssl rand -base64 32)');
  return key;
}

export function secretBox(key: Buffer): SecretBox {
  return {
    seal(plain, boundTo) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(boundTo, 'utf8'));
      const body = Buffer.concat([cipher.update(JSON.stringify(plain), 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([VERSION]), nonce, cipher.getAuthTag(), body]);
    },
    open<T>(sealed: Buffer, boundTo: string): T {
      if (sealed[0] !== VERSION) throw new Error('unknown sealed secret version');
      const nonce = sealed.subarray(1, 1 + NONCE_BYTES);
      const tag = sealed.subarray(1 + NONCE_BYTES, 1 + NONCE_BYTES + TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', key, nonce);
      decipher.setAAD(Buffer.from(boundTo, 'utf8'));
      decipher.setAuthTag(tag);
      const plain = Buffer.concat([
        decipher.update(sealed.subarray(1 + NONCE_BYTES + TAG_BYTES)),
        decipher.final(),
      ]);
      return JSON.parse(plain.toString('utf8')) as T;
    },
  };
}
