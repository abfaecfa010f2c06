import { NotYetAvailable } from '../../components/NotYetAvailable';

// Placeholder until this screen is built.
export default function ManageUsers() {
  return <NotYetAvailable label="User Management" />;
}
