/* Shared by the CloudFront response headers policy and the local gateway, so local tests see the same CSP. */
/**
 * Content-Security-Policy of the SPA. connect-src: Cognito (Amplify Auth) and S3 presigned uploads
 * live on *.amazonaws.com. img/media: admins may point flags, icons and audio at any https URL.
 * style-src 'unsafe-inline': Fluent UI (Griffel) inserts its styles at runtime.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
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
