import { NotYetAvailable } from '../../components/NotYetAvailable';

// Placeholder until this screen is built.
export default function LessonPage() {
  return <NotYetAvailable label="Lesson" />;
}
