/** The support resource: a message a visitor sends from the contact form (with the form's error texts). */
import * as z from 'zod';

/** The texts of the form's outcomes, shown alike by the API, the page without script and its island. */
export const SUPPORT_SENT_TEXT = "Message sent successfully! We'll get back to you soon.";
export const SUPPORT_FAILED_TEXT = 'Failed to send your message. Please try again later.';
/** The inline text when a failure carries no message of its own (a network error). */
export const SUPPORT_FALLBACK_TEXT = 'An unexpected error occurred. Please try again later.';
export const SUPPORT_TOAST_TEXT = 'Failed to send message. Please try again.';

/** Limits are also a basic abuse guard on a public, unauthenticated form. */
export const supportSchema = z.object({
  name: z
    .string({ error: 'Name must be at least 2 characters.' })
    .trim()
    .min(2, 'Name must be at least 2 characters.')
    .max(100, 'Name must be at most 100 characters.'),
  email: z
    .string({ error: 'Please enter a valid email address.' })
    .trim()
    .max(254, 'Please enter a valid email address.')
    .pipe(z.email('Please enter a valid email address.')),
  message: z
    .string({ error: 'Message must be at least 10 characters.' })
    .trim()
    .min(10, 'Message must be at least 10 characters.')
    .max(5000, 'Message must be at most 5000 characters.'),
});
export type SupportMessage = z.infer<typeof supportSchema>;

/** POST /api/support answer (201): the message's id and the confirmation text. */
export const supportSentSchema = z.object({ id: z.string(), message: z.string() });
