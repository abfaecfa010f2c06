/** Public contact addresses shown in the footer, the FAQ and the support page. */
export { INFO_EMAIL, SUPPORT_EMAIL } from '@shared/product';
