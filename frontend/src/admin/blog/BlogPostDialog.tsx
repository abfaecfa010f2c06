/**
 * Create New Blog Post / Edit Blog Post, with a live preview of the post as the public page renders
 * it (beside the form on wide screens, behind a 'Preview' tab on narrow ones). The save itself
 * (featured image upload, draft, Undo of a Published change) is ./useBlogPostSave.ts; after a
 * successful save the dialog closes.
 */
import { makeStyles, mergeClasses, Subtitle2, Switch, Tab, TabList, tokens } from '@fluentui/react-components';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { blogPostCreateSchema, type BlogPost } from '@shared/contracts/blog';
import { mayPublishPosts } from '@shared/roles';
import { useAuth } from '../../auth/AuthContext';
import { FormDialog, TextField } from '../components/SchemaForm';
import { useNarrow } from '../components/useNarrow';
import { useSchemaForm } from '../components/useSchemaForm';
import { usePendingDraft } from '../publishing/drafts';
import { DraftNotice } from '../publishing/DraftNotice';
import { BlogPostPreview } from './BlogPostPreview';
import { FeaturedImageField, useFeaturedImage } from './FeaturedImage';
import { draftFromForm, lessonPathOf, postValues } from './postDraft';
import { NO_SAMPLE, pickFromPost, SampleSelects, type SamplePick } from './SampleSelects';
import { useBlogPostSave } from './useBlogPostSave';

export const SAMPLE_PLACEHOLDER = 'Here is a sample of our daily easy phrases to learn';

const useStyles = makeStyles({
  surface: { maxWidth: '760px' },
  // Wide screens: the form and the preview side by side, each scrolling on its own.
  wideSurface: { maxWidth: 'min(1280px, calc(100vw - 48px))', width: '100%' },
  split: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: tokens.spacingHorizontalXL, alignItems: 'start' },
  previewColumn: { position: 'sticky', top: 0, maxHeight: 'calc(100vh - 200px)', overflowY: 'auto' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  hidden: { display: 'none' },
  sample: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    paddingTop: tokens.spacingVerticalS,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
});

/** Only the title and the content are required of the form (the rest of the contract is filled in on save). */
const formSchema = blogPostCreateSchema.pick({ title: true, content: true });

export function BlogPostDialog({ open, post, onClose }: { open: boolean; post?: BlogPost; onClose: () => void }) {
  const s = useStyles();
  const wide = useNarrow('(min-width: 1024px)');
  // An editor without the right to publish posts writes drafts: no Published switch, and a published post's changes wait as its draft.
  const mayPublish = mayPublishPosts(useAuth().role);
  const [view, setView] = useState<'edit' | 'preview'>('edit');
  const editing = !!post;
  // A published post's changes may wait as its draft (../publishing/drafts.ts): the form shows them.
  const pending = usePendingDraft(post && { kind: 'post', post_id: post.id });
  const shown = useMemo(() => (post && pending ? { ...post, ...pending.fields } : post), [post, pending]);
  const initial = useMemo(() => postValues(shown), [shown]);
  const form = useSchemaForm(initial, { open });
  const [sample, setSample] = useState<SamplePick>(NO_SAMPLE);
  const picked = useFeaturedImage();
  const { setFile } = picked;
  const saver = useBlogPostSave(post, !!pending, onClose);

  // Each opening starts again from the post: its sample, no new file, the form in view.
  useEffect(() => {
    if (!open) return;
    setSample(shown ? pickFromPost(shown) : NO_SAMPLE);
    setFile(undefined);
    setView('edit');
  }, [open, shown, setFile]);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!form.validate(formSchema)) return setView('edit');
    const { featured_image: _image, ...draft } = draftFromForm(form.values, sample, null);
    return form.run(() => saver.save(e, draft, picked.file));
  }

  const { values } = form;
  const image = picked.preview ?? post?.featured_image ?? undefined;
  const previewPost = {
    title: values.title,
    content: values.content,
    created_at: post?.created_at ?? new Date().toISOString(),
    featured_image: image ?? null,
    sample_title: values.sample_title.trim() || null,
    lesson_path: lessonPathOf(sample),
  };
  const showForm = wide || view === 'edit';
  const showPreview = wide || view === 'preview';

  return (
    <FormDialog
      form={form}
      open={open}
      onClose={onClose}
      onSubmit={onSubmit}
      holdWhileBusy
      surfaceClassName={wide ? s.wideSurface : s.surface}
      contentClassName={wide ? s.split : s.content}
      title={editing ? 'Edit Blog Post' : 'Create New Blog Post'}
      actions={{
        lockCancel: true,
        busyLabel: saver.uploading ? 'Uploading...' : 'Saving...',
        label: editing ? 'Update Post' : 'Create Post',
        draftLabel: post?.published ? 'Save as draft' : undefined,
        draftOnly: !mayPublish,
      }}
    >
      {!wide && (
        <TabList selectedValue={view} onTabSelect={(_, d) => setView(d.value as 'edit' | 'preview')} aria-label="Editor view">
          <Tab value="edit">Edit</Tab>
          <Tab value="preview">Preview</Tab>
        </TabList>
      )}
      <div className={mergeClasses(s.content, !showForm && s.hidden)}>
        <DraftNotice noun="post" isDraft={false} pending={pending} saveLabel="Update Post" />
        <TextField form={form} name="title" label="Title" required />
        <TextField form={form} name="content" label="Content" required rows={10} hint="Each line break starts a new paragraph." />
        <TextField form={form} name="excerpt" label="Excerpt" rows={2} hint="Shown on the blog cards; empty shows the start of the content." />
        <FeaturedImageField picked={picked} image={image} busy={form.busy} uploading={saver.uploading} progress={saver.progress} />
        {mayPublish && <Switch label="Published" checked={values.published} onChange={(_, d) => form.set('published', d.checked)} />}
        <div className={s.sample}>
          <Subtitle2 as="h3">Sample Phrases</Subtitle2>
          <SampleSelects value={sample} onChange={setSample} />
          <TextField form={form} name="sample_title" label="Sample title" placeholder={SAMPLE_PLACEHOLDER} />
        </div>
      </div>
      {showPreview && <BlogPostPreview post={previewPost} sample={sample} className={wide ? s.previewColumn : undefined} />}
    </FormDialog>
  );
}
