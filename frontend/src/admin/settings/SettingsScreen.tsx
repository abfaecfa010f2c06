import { NotYetAvailable } from '../../components/NotYetAvailable';

// Placeholder until this screen is built.
export default function SettingsScreen() {
  return <NotYetAvailable label="Settings" />;
}
