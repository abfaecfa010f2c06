/** /privacy-policy: what the site stores and why (matches what the code actually does). */
import { Link } from 'react-router-dom';
import { config } from '../config';
import { INFO_EMAIL, SUPPORT_EMAIL } from '../layout/contact';
import { LegalPage } from '../layout/LegalPage';
import { pages } from '@shared/urls';

export default function PrivacyPolicyPage() {
  const product = config().productName;
  return (
    <LegalPage
      title="Privacy Policy"
      intro={`This policy explains what information ${product} collects when you use this website, why, and the choices you have. We collect as little as we can.`}
      sections={[
        {
          title: 'Information you give us',
          body: [
            'When you send a message through the support form we receive your name, e-mail address and message. We use them only to answer you and keep them for up to 12 months.',
            'Administrators who sign in provide an e-mail address and password to our sign-in service. Visitors do not need an account to use the site.',
          ],
        },
        {
          title: 'Cookies and browser storage',
          body: [
            'We store your cookie choice ("all" or "essential") in your browser so we do not ask again. We also remember for the current browser session if you closed the app promotion bar.',
            'With "Accept all", the site counts anonymous usage events (such as page views, how far pages are scrolled and time spent on a page, and the grade you give each phrase in practice, counted per phrase and day so our editors can improve the phrases learners find hardest) and sends them to our own servers only. These events carry no name, e-mail, account or device identifier, only daily counts are kept (for about 13 months), and no third-party analytics or advertising scripts are loaded. With "Essential only", no usage events are sent at all.',
            'To change your choice, clear this site’s data in your browser settings; the banner will then appear again.',
          ],
        },
        {
          title: 'Your microphone and recordings',
          body: [
            'When you tap Record on a lesson or a practice card, your browser asks whether the site may use your microphone. It is used only while you record (until you tap Stop, at most 15 seconds), so you can hear and see your take beside the native recording.',
            'Your takes stay on your device, in this browser’s storage, one per phrase: they are never uploaded to our servers. Remove one with its Delete button, or all of them by clearing this site’s data in your browser.',
            'If you do not allow the microphone, nothing is recorded and nothing else changes; you can allow it later in your browser’s site settings.',
          ],
        },
        {
          title: 'Your practice and its backup',
          body: [
            'The phrases you practise, when you reviewed them and how well you remembered them, and your daily goal are kept in your browser on this device. Nothing of it is sent to us unless you sign in, which sends your reviews to your account. After your first practice session we ask your browser to keep this data instead of clearing it when space runs low or you have not visited for a while; the browser decides.',
            '‘Back up my progress’ on the Review page saves a file on your device holding your practised phrases, their review history and, only if you tick ‘Include my recordings’, your own recordings. The file is made in your browser and never sent to us: it leaves your device only if you move or share it yourself. ‘Restore from a file’ reads it in your browser the same way.',
          ],
        },
        {
          title: 'Review reminders',
          body: [
            'Reminders are off unless you turn them on. Then your browser gives us a push address (a web address of your browser maker’s push service, with two keys that only let us send to it) and we keep it on our servers with the hour you chose, your time zone, the date your next card is due and the day of the last reminder. It carries no name, e-mail, account or list of what you study. Your device keeps the reminder’s id, the only way to change or stop it.',
            '“Stop reminders” deletes it at once. It is also deleted when the push service tells us the address no longer works, and 60 days after you last practised on that device.',
          ],
        },
        {
          title: 'How we use information',
          body: [
            'To run and secure the website, to answer support requests, and to understand which lessons and pages are useful so we can improve them. We never sell personal information.',
          ],
        },
        {
          title: 'Where data is stored',
          body: ['Our service runs on Amazon Web Services. Data is encrypted in transit and at rest, and only authorised administrators can access it.'],
        },
        {
          title: 'Your rights',
          body: [
            <>
              You can ask us for a copy of the personal data we hold about you, ask us to correct it or delete it, or object to its use. Write to{' '}
              <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> or use the <Link to={pages.support}>support page</Link>.
            </>,
          ],
        },
        {
          title: 'Children',
          body: [`${product} is not directed to children under 13, and we do not knowingly collect information from them.`],
        },
        {
          title: 'Changes and contact',
          body: [
            <>
              We may update this policy; the date above shows the latest version. Questions? Contact us at <a href={`mailto:${INFO_EMAIL}`}>{INFO_EMAIL}</a>.
            </>,
          ],
        },
      ]}
    />
  );
}
