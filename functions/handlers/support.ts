/** POST /api/support: the public contact form. The message is stored before any mail is sent. */
import { spend } from '../data/limits.js';
import { submitSupportMessage } from '../data/support.js';
import { json, router } from '../lib/http.js';
import { clientIp } from '../lib/http-input.js';
import { SUPPORT_FAILED_TEXT, SUPPORT_SENT_TEXT } from '../../shared/contracts/support.js';
import { logger } from '../lib/powertools.js';

export const handler = router({
  'POST /api/support': async ({ body: input, event }) => {
    // Only valid messages count (the router refused an invalid one): a visitor fixing a typo in the form is never locked out.
    await spend('support', clientIp(event));
    let result;
    try {
      result = await submitSupportMessage(input);
    } catch (e) {
      // Could not even store it: the form shows its fallback text instead of a bare 500.
      logger.error('support message not stored', { error: e as Error });
      return json(500, { message: SUPPORT_FAILED_TEXT });
    }
    const { id, status } = result;
    // The message is kept either way; the visitor learns whether it reached us by mail.
    return status === 'sent' ? json(201, { id, message: SUPPORT_SENT_TEXT }) : json(502, { message: SUPPORT_FAILED_TEXT });
  },
});
