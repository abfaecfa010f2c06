import { NotYetAvailable } from '../components/NotYetAvailable';

// Placeholder until this screen is built.
export default function FaqPage() {
  return <NotYetAvailable label="FAQ" />;
}
