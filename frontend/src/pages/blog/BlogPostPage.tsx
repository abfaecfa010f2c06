import { NotYetAvailable } from '../../components/NotYetAvailable';

// Placeholder until this screen is built.
export default function BlogPostPage() {
  return <NotYetAvailable label="Blog post" />;
}
