/**
 * What the blog post dialog sends, built from its form (pure, so a unit test checks it): the
 * sample's lesson path, the post written from the form's values, and a stored post as it was.
 */
import type { BlogPost } from '@shared/contracts/blog';
import type { BlogPostDraft } from '../../api/blog';
import type { SamplePick } from './SampleSelects';

/** The form's own fields (the sample and the image are picked beside it). */
export interface PostValues {
  title: string;
  content: string;
  excerpt: string;
  published: boolean;
  sample_title: string;
}
export const EMPTY_POST: PostValues = { title: '', content: '', excerpt: '', published: false, sample_title: '' };

/** The form's values of a stored post (or of its pending draft's changes). */
export const postValues = (p: BlogPost | undefined): PostValues =>
  p ? { title: p.title, content: p.content, excerpt: p.excerpt, published: p.published, sample_title: p.sample_title ?? '' } : EMPTY_POST;

/** The sample's lesson as a path `{language}/{level}/{lesson}` (pickFromPost reads it back); null without a lesson. */
export const lessonPathOf = (sample: SamplePick) => (sample.lesson_id ? `${sample.language_id}/${sample.level_id}/${sample.lesson_id}` : null);

/** The post the form describes: texts trimmed (not the content), an empty sample title left out. */
export const draftFromForm = (v: PostValues, sample: SamplePick, featured_image: string | null): BlogPostDraft => ({
  title: v.title.trim(),
  content: v.content,
  excerpt: v.excerpt.trim(),
  featured_image,
  published: v.published,
  lesson_path: lessonPathOf(sample),
  phrase_audio_url: sample.lesson_id && sample.phrase_audio_url ? sample.phrase_audio_url : null,
  sample_title: v.sample_title.trim() || null,
});

/** What the editor sends for a stored post (to restore its previous Published status). */
export const draftOf = (p: BlogPost): BlogPostDraft => ({
  title: p.title,
  content: p.content,
  excerpt: p.excerpt,
  featured_image: p.featured_image,
  published: p.published,
  lesson_path: p.lesson_path,
  phrase_audio_url: p.phrase_audio_url,
  sample_title: p.sample_title,
});
