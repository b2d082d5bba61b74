/**
 * Uploaded pictures' first check: a data URL or bare base64 in, the bytes
 * and their type out. The type comes from the bytes, never from what the
 * client claims: PNG, JPEG or WebP only, at most AVATAR_MAX_BYTES decoded.
 * uploads/uploaded-images.ts then re-encodes and stores them.
 */
import { AVATAR_MAX_BYTES } from '../../src/api/account/limits.ts';
import { HttpError } from '../http/http-error.ts';

export type AvatarExtension = 'png' | 'jpg' | 'webp';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function imageTypeError(): HttpError {
  return new HttpError(415, 'IMAGE_TYPE', 'The picture must be a PNG, JPEG or WebP image.');
}

export function imageTooLarge(): HttpError {
  return new HttpError(413, 'IMAGE_TOO_LARGE', `The picture must be at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB.`);
}

/** The image bytes and their real type; IMAGE_TYPE or IMAGE_TOO_LARGE otherwise. */
export function decodeAvatar(text: string): { bytes: Buffer; extension: AvatarExtension } {
  let payload = text.trim();
  const dataUrl = /^data:([^,]*),/i.exec(payload);
  if (dataUrl) {
    if (!/;base64$/i.test(dataUrl[1] ?? '')) throw imageTypeError();
    payload = payload.slice(dataUrl[0].length);
  }
  // Line breaks are allowed in base64 (MIME wraps at 76); base64url too.
  const base64 = payload.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/');
  if (base64 === '' || !BASE64.test(base64) || base64.length % 4 === 1) throw imageTypeError();
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  // Checked before decoding: a huge payload is refused without allocating it.
  if (Math.floor((base64.length * 3) / 4) - padding > AVATAR_MAX_BYTES) throw imageTooLarge();
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > AVATAR_MAX_BYTES) throw imageTooLarge();
  const extension = imageExtensionOf(bytes);
  if (!extension) throw imageTypeError();
  return { bytes, extension };
}

/** By magic bytes. */
export function imageExtensionOf(bytes: Buffer): AvatarExtension | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return undefined;
}
