/** Public contact addresses shown in the footer, the FAQ and the support page. */
export const INFO_EMAIL = 'info@parrotphrases.example';
export const SUPPORT_EMAIL = 'support@parrotphrases.example';
