import { NotYetAvailable } from '../../components/NotYetAvailable';

// Placeholder until this screen is built.
export default function ManageLevels() {
  return <NotYetAvailable label="Manage Levels" />;
}
