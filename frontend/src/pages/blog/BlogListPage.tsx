import { NotYetAvailable } from '../../components/NotYetAvailable';

// Placeholder until this screen is built.
export default function BlogListPage() {
  return <NotYetAvailable label="Our Blog" />;
}
