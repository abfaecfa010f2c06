/**
 * Plain-text mail through SES (v2 SendEmail) from the product's sender: the support form's message to
 * the team (functions/data/support.ts) and the review steps to the people concerned
 * (functions/services/approvals.ts). The sender is config.supportFromEmail, the one address the
 * functions' SES grant allows (infra/cdk/constructs/mail.ts, `ses:FromAddress`).
 */
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { ses } from './clients.js';
import { config } from './config.js';

/** Header values must stay one line (no header injection through a name or a title). */
export const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

export interface TextMail {
  to: string[];
  subject: string;
  text: string;
  replyTo?: string;
}

export function textMail(mail: TextMail) {
  return new SendEmailCommand({
    FromEmailAddress: config.supportFromEmail,
    Destination: { ToAddresses: mail.to },
    ...(mail.replyTo ? { ReplyToAddresses: [mail.replyTo] } : {}),
    // SES counts sends, bounces and complaints of this configuration set (alarmed: infra/cdk/constructs/mail.ts).
    ...(config.mailConfigurationSet ? { ConfigurationSetName: config.mailConfigurationSet } : {}),
    Content: {
      Simple: {
        Subject: { Data: oneLine(mail.subject), Charset: 'UTF-8' },
        Body: { Text: { Data: mail.text, Charset: 'UTF-8' } },
      },
    },
  });
}

/** Sends one mail. */
export async function sendMail(mail: TextMail): Promise<void> {
  await (await ses()).send(textMail(mail));
}
