import { NotYetAvailable } from '../components/NotYetAvailable';

// Placeholder until this screen is built.
export default function TermsOfUsePage() {
  return <NotYetAvailable label="Terms of Use" />;
}
