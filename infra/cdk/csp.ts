import { createHash } from 'node:crypto';
import { HEAD_SCRIPT } from '../../shared/head-script.js';

/* Shared by the CloudFront response headers policy and the local gateway, so local tests see the same CSP. */
/**
 * Content-Security-Policy of the SPA. connect-src: Cognito (Amplify Auth) and S3 presigned uploads
 * live on *.amazonaws.com. img/media: admins may point flags, icons and audio at any https URL.
 * style-src 'unsafe-inline': Fluent UI (Griffel) inserts its styles at runtime.
 */
const headScriptHash = `'sha256-${createHash('sha256').update(HEAD_SCRIPT).digest('base64')}'`;

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // Our own files, and the one inline script of every page (by hash, not 'unsafe-inline').
  `script-src 'self' ${headScriptHash}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob: https:",
  "font-src 'self' data:",
  "connect-src 'self' https://*.amazonaws.com",
  "frame-src 'self'",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** How long browsers keep to HTTPS (HSTS), in days. */
export const HSTS_MAX_AGE_DAYS = 730;

/**
 * Every security header of a page, as CloudFront's response headers policy sends them
 * (constructs/site.ts, built from the same values) and the twin's gateway does.
 */
export const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'strict-transport-security': `max-age=${HSTS_MAX_AGE_DAYS * 86_400}; includeSubDomains`,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const;
