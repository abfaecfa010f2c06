import { NotYetAvailable } from '../../components/NotYetAvailable';

// Placeholder until this screen is built.
export default function ManageBlog() {
  return <NotYetAvailable label="Blog" />;
}
