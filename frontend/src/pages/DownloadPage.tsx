import { NotYetAvailable } from '../components/NotYetAvailable';

// Placeholder until this screen is built.
export default function DownloadPage() {
  return <NotYetAvailable label="Download App" />;
}
