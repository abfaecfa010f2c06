import { NotYetAvailable } from '../../components/NotYetAvailable';

// Placeholder until this screen is built.
export default function LanguagePage() {
  return <NotYetAvailable label="Choose a Level" />;
}
