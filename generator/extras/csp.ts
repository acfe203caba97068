// The hashes of inline scripts for the Content-Security-Policy, which common/security-headers.ts
// writes: hashing needs Node's crypto, the policy itself does not. The build names the scripts by
// them, and the production server checks the built pages against them (server/security-headers.ts).
import { createHash } from 'node:crypto';
import { sha256Source } from '../../common/security-headers.ts';

/** `'sha256-…'` of an inline script's exact text, as browsers hash it. */
export function scriptHash(source: string): string {
  return sha256Source(createHash('sha256').update(source, 'utf8').digest('base64'));
}
