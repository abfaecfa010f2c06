import { NotYetAvailable } from '../components/NotYetAvailable';

// Placeholder until this screen is built.
export default function SupportPage() {
  return <NotYetAvailable label="Support" />;
}
