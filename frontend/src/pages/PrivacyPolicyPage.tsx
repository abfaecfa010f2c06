import { NotYetAvailable } from '../components/NotYetAvailable';

// Placeholder until this screen is built.
export default function PrivacyPolicyPage() {
  return <NotYetAvailable label="Privacy Policy" />;
}
