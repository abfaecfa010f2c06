import { NotYetAvailable } from '../../components/NotYetAvailable';

// Placeholder until this screen is built.
export default function ManagePhrases() {
  return <NotYetAvailable label="Manage Phrases" />;
}
