/**
 * Optional encryption of workflow payloads (PAYLOAD_ENCRYPTION_KEY): an AES-256-GCM payload codec for
 * the client and the worker. Each payload is serialized and sealed with a fresh 96-bit IV; the key id
 * travels in metadata so a wrong key fails loudly. Payloads that are not encrypted pass through, so
 * histories written before encryption was turned on still decode.
 */
import crypto from 'node:crypto';
import type { Payload, PayloadCodec } from '@temporalio/common';
// A CommonJS package: Node's ESM loader gives it as a default export only.
import proto from '@temporalio/proto';

const PayloadMessage = proto.temporal.api.common.v1.Payload;

export const ENCRYPTED_ENCODING = 'binary/encrypted';
const enc = new TextEncoder();
const dec = new TextDecoder();

/** Parses a base64 key of exactly 32 bytes. */
export function parseEncryptionKey(b64: string): Buffer {
  const key = Buffer.from(b64, 'base64');
  if (key.length !== 32) throw new Error(`must be 32 bytes, base64-encoded (got ${key.length} bytes); make one with: openssl rand -base64 32`);
  return key;
}

export function createEncryptionCodec(key: Buffer): PayloadCodec & { keyId: string } {
  const keyId = crypto.createHash('sha256').update(key).digest('hex').slice(0, 12);
  return {
    keyId,
    async encode(payloads: Payload[]): Promise<Payload[]> {
      return payloads.map((p) => {
        const iv = crypto.randomBytes(12);
        const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
        const body = Buffer.concat([cipher.update(PayloadMessage.encode(p).finish()), cipher.final()]);
        return {
          metadata: { encoding: enc.encode(ENCRYPTED_ENCODING), 'encryption-key-id': enc.encode(keyId) },
          data: new Uint8Array(Buffer.concat([iv, body, cipher.getAuthTag()])),
        };
      });
    },
    async decode(payloads: Payload[]): Promise<Payload[]> {
      return payloads.map((p) => {
        if (!p.metadata?.encoding || dec.decode(p.metadata.encoding) !== ENCRYPTED_ENCODING) return p;
        const id = p.metadata['encryption-key-id'] ? dec.decode(p.metadata['encryption-key-id']) : '?';
        if (id !== keyId) throw new Error(`payload encrypted with key ${id}, this process has key ${keyId}`);
        const data = Buffer.from(p.data ?? new Uint8Array());
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
        decipher.setAuthTag(data.subarray(data.length - 16));
        const plain = Buffer.concat([decipher.update(data.subarray(12, data.length - 16)), decipher.final()]);
        return PayloadMessage.decode(plain) as Payload;
      });
    },
  };
}

/** The data converter for clients and workers: the encryption codec when a key is configured. */
export function dataConverterFor(key: Buffer | null): { payloadCodecs: PayloadCodec[] } | undefined {
  return key ? { payloadCodecs: [createEncryptionCodec(key)] } : undefined;
}
