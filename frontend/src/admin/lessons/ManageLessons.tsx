import { NotYetAvailable } from '../../components/NotYetAvailable';

// Placeholder until this screen is built.
export default function ManageLessons() {
  return <NotYetAvailable label="Manage Lessons" />;
}
