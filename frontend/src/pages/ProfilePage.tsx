import { NotYetAvailable } from '../components/NotYetAvailable';

// Placeholder until this screen is built.
export default function ProfilePage() {
  return <NotYetAvailable label="Your Profile" />;
}
