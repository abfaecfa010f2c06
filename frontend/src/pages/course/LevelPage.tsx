import { NotYetAvailable } from '../../components/NotYetAvailable';

// Placeholder until this screen is built.
export default function LevelPage() {
  return <NotYetAvailable label="Lessons" />;
}
