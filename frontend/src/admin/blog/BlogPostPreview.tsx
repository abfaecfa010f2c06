/**
 * The blog editor's live preview: the post as /blog/{slug} will show it (the public page's own
 * BlogArticle and sample player), from the form as it is typed. Links in it do not navigate away
 * from the unsaved form.
 */
import { Caption1, makeStyles, tokens } from '@fluentui/react-components';
import type { MouseEvent } from 'react';
import { BlogArticle, type ArticlePost } from '../../pages/blog/BlogArticle';
import { useSampleGroups, type SamplePick } from './SampleSelects';

const useStyles = makeStyles({
  frame: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground2,
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  label: { color: tokens.colorNeutralForeground3, textTransform: 'uppercase', letterSpacing: '0.04em' },
});

const UNTITLED = 'Untitled post';

export function BlogPostPreview({ post, sample, className }: { post: ArticlePost; sample: SamplePick; className?: string }) {
  const s = useStyles();
  const groups = useSampleGroups(sample);
  // The post page shows the chosen group, or the lesson's first one.
  const group = groups.find((g) => g.audio_url === sample.phrase_audio_url) ?? (groups.length ? groups[0] : null);
  const stayHere = (e: MouseEvent) => {
    if ((e.target as Element).closest('a')) e.preventDefault();
  };
  return (
    <section aria-label="Post preview" className={className}>
      <div className={s.frame} onClickCapture={stayHere}>
        <Caption1 className={s.label}>Preview</Caption1>
        <BlogArticle post={{ ...post, title: post.title.trim() || UNTITLED }} sample={group} titleAs="h2" />
      </div>
    </section>
  );
}
