/**
 * Names every layer shares (functions, the SPA, the CDK stack, the twin and the tests), defined once.
 * A deployment may rename the product (context `productName`); these are the defaults.
 */
export const PRODUCT_NAME = 'Parrot Phrases';
/** The Cognito group whose members are administrators. */
export const ADMIN_GROUP = 'admins';
/** Public contact addresses (footer, FAQ, support page) and the default support inbox. */
export const SUPPORT_EMAIL = 'support@parrotphrases.example';
export const INFO_EMAIL = 'info@parrotphrases.example';
/** What a signed-in non-admin is told in the admin area (API 403 and the SPA's toast). */
export const ADMIN_ONLY_TEXT = 'Access denied. You need administrator privileges to access this area.';
