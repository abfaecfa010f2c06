import { NotYetAvailable } from '../components/NotYetAvailable';

// Placeholder until this screen is built.
export default function LockedContentPage() {
  return <NotYetAvailable label="Get This Content Free" />;
}
