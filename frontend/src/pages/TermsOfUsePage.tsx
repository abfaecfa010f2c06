/** /terms-of-use: the rules for using the site and the app. */
import { Link } from 'react-router-dom';
import { config } from '../config';
import { INFO_EMAIL } from '../layout/contact';
import { LegalPage } from '../layout/LegalPage';
import { pages } from '@shared/urls';

export default function TermsOfUsePage() {
  const product = config().productName;
  return (
    <LegalPage
      title="Terms of Use"
      intro={`These terms apply to the ${product} website and mobile app. By using them you agree to these terms; if you do not agree, please do not use the service.`}
      sections={[
        {
          title: 'Eligibility',
          body: [`You must be at least 13 years old to use ${product}.`],
        },
        {
          title: 'Using the content',
          body: [
            'Lessons, phrases, audio recordings, images and blog posts are provided for your personal, non-commercial language learning. Do not copy, redistribute or resell them, and do not scrape the site or try to access areas that are not meant for you.',
          ],
        },
        {
          title: 'Free and premium plans',
          body: [
            'The free tier gives you basic content. Premium, available in the mobile app, adds all content, no ads and offline use, for 9.99 per month or 79.99 per year. Subscriptions are billed and cancelled through the App Store or Google Play under their terms.',
          ],
        },
        {
          title: 'Administrator accounts',
          body: [
            'Public registration is disabled. Administrator accounts are personal; keep your password confidential and tell us at once about any unauthorised use.',
          ],
        },
        {
          title: 'Accuracy and availability',
          body: [
            'We work hard to keep translations and pronunciations accurate, but the service is provided "as is" without warranties. We may change, suspend or discontinue features at any time.',
          ],
        },
        {
          title: 'Limitation of liability',
          body: [`To the extent the law allows, ${product} is not liable for indirect or consequential losses arising from use of the service.`],
        },
        {
          title: 'Privacy',
          body: [
            <>
              How we handle information is described in our <Link to={pages.privacyPolicy}>Privacy Policy</Link>.
            </>,
          ],
        },
        {
          title: 'Changes and contact',
          body: [
            <>
              We may update these terms; the date above shows the latest version. Questions? Contact us at <a href={`mailto:${INFO_EMAIL}`}>{INFO_EMAIL}</a>.
            </>,
          ],
        },
      ]}
    />
  );
}
