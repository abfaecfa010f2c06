/**
 * Create New Blog Post / Edit Blog Post, with a live preview of the post as the public page renders
 * it (beside the form on wide screens, behind a 'Preview' tab on narrow ones). A new featured image
 * is uploaded on save; if that fails the post is still saved, keeping its current image. After a
 * successful save the dialog closes and the form resets; a save that changed the Published status
 * offers Undo in its toast.
 */
import {
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  ProgressBar,
  Subtitle2,
  Switch,
  Tab,
  TabList,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { ArrowUploadRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { blogPostCreateSchema, type BlogPost } from '@shared/contracts/blog';
import { acceptOf, checkUpload } from '@shared/contracts/media';
import { type BlogPostDraft, createBlogPost, updateBlogPost } from '../../api/blog';
import { uploadFile } from '../../api/media';
import { useNotify } from '../../components/notify';
import { NO_SAMPLE, pickFromPost, SampleSelects, type SamplePick } from './SampleSelects';
import { mayPublishPosts } from '@shared/roles';
import { useAuth } from '../../auth/AuthContext';
import { FormActions } from '../components/FormActions';
import { saveAsDraft, saveThenDropDraft, submittedAsDraft, usePendingDraft } from '../publishing/drafts';
import { DraftNotice } from '../publishing/DraftNotice';
import { useNarrow } from '../components/useNarrow';
import { BlogPostPreview } from './BlogPostPreview';

export const SAMPLE_PLACEHOLDER = 'Here is a sample of our daily easy phrases to learn';

const useStyles = makeStyles({
  surface: { maxWidth: '760px' },
  // Wide screens: the form and the preview side by side, each scrolling on its own.
  wideSurface: { maxWidth: 'min(1280px, calc(100vw - 48px))', width: '100%' },
  split: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: tokens.spacingHorizontalXL, alignItems: 'start' },
  previewColumn: { position: 'sticky', top: 0, maxHeight: 'calc(100vh - 200px)', overflowY: 'auto' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  hidden: { display: 'none' },
  image: {
    display: 'block',
    alignSelf: 'flex-start',
    maxWidth: '100%',
    maxHeight: '200px',
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  fileRow: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
  fileName: { color: tokens.colorNeutralForeground2, wordBreak: 'break-all' },
  sample: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    paddingTop: tokens.spacingVerticalS,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
});

interface FormValues {
  title: string;
  content: string;
  excerpt: string;
  published: boolean;
  sample_title: string;
}
const EMPTY: FormValues = { title: '', content: '', excerpt: '', published: false, sample_title: '' };

/** What the editor sends for a stored post (to restore its previous Published status). */
const draftOf = (p: BlogPost): BlogPostDraft => ({
  title: p.title,
  content: p.content,
  excerpt: p.excerpt,
  featured_image: p.featured_image,
  published: p.published,
  lesson_path: p.lesson_path,
  phrase_audio_url: p.phrase_audio_url,
  sample_title: p.sample_title,
});

export function BlogPostDialog({ open, post, onClose }: { open: boolean; post?: BlogPost; onClose: () => void }) {
  const s = useStyles();
  const notify = useNotify();
  const wide = useNarrow('(min-width: 1024px)');
  // An editor without the right to publish posts writes drafts: no Published switch, and a published post's changes wait as its draft.
  const mayPublish = mayPublishPosts(useAuth().role);
  const [view, setView] = useState<'edit' | 'preview'>('edit');
  const editing = !!post;
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [sample, setSample] = useState<SamplePick>(NO_SAMPLE);
  const [file, setFile] = useState<File>();
  const [filePreview, setFilePreview] = useState<string>();
  const [errors, setErrors] = useState<Partial<Record<keyof FormValues, string>>>({});
  const [phase, setPhase] = useState<'idle' | 'uploading' | 'saving'>('idle');
  const [progress, setProgress] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  // A published post's changes may wait as its draft (../publishing/drafts.ts): the form shows them.
  const ref = post && ({ kind: 'post', post_id: post.id } as const);
  const pending = usePendingDraft(ref);
  const shown = useMemo(() => (post && pending ? { ...post, ...pending.fields } : post), [post, pending]);

  function reset(p?: BlogPost) {
    setValues(p ? { title: p.title, content: p.content, excerpt: p.excerpt, published: p.published, sample_title: p.sample_title ?? '' } : EMPTY);
    setSample(p ? pickFromPost(p) : NO_SAMPLE);
    setFile(undefined);
    setErrors({});
    setView('edit');
  }
  useEffect(() => {
    if (open) reset(shown);
  }, [open, shown]);

  // A local preview of the chosen file, released when it changes.
  useEffect(() => {
    if (!file) return setFilePreview(undefined);
    const url = URL.createObjectURL(file);
    setFilePreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const set = <K extends keyof FormValues>(k: K, v: FormValues[K]) => {
    setValues((prev) => ({ ...prev, [k]: v }));
    setErrors((prev) => ({ ...prev, [k]: undefined }));
  };

  function onFile(e: ChangeEvent<HTMLInputElement>) {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f) return;
    const problem = checkUpload('blog-image', f);
    if (problem) return notify(problem, { intent: 'error' });
    setFile(f);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = blogPostCreateSchema.pick({ title: true, content: true }).safeParse(values);
    if (!parsed.success) {
      const fieldErrors: typeof errors = {};
      for (const issue of parsed.error.issues) fieldErrors[issue.path[0] as keyof FormValues] ??= issue.message;
      setView('edit');
      return setErrors(fieldErrors);
    }
    // Without a new file the post keeps its image; a failed upload does not stop the save.
    let featured_image = post?.featured_image ?? null;
    if (file) {
      setPhase('uploading');
      setProgress(0);
      try {
        featured_image = await uploadFile('blog-image', file, setProgress);
      } catch (err) {
        console.error('Featured image upload failed', err);
        notify('Failed to upload image', { body: (err as Error).message, intent: 'error' });
      }
    }
    setPhase('saving');
    const draft: BlogPostDraft = {
      title: values.title.trim(),
      content: values.content,
      excerpt: values.excerpt.trim(),
      featured_image,
      published: values.published,
      lesson_path: sample.lesson_id ? `${sample.language_id}/${sample.level_id}/${sample.lesson_id}` : null,
      phrase_audio_url: sample.lesson_id && sample.phrase_audio_url ? sample.phrase_audio_url : null,
      sample_title: values.sample_title.trim() || null,
    };
    try {
      if (post && ref && submittedAsDraft(e)) {
        const { published: _published, ...fields } = draft;
        await saveAsDraft(ref, post.version, fields);
        notify('Draft saved: the public post is unchanged');
        reset();
        return onClose();
      }
      const saved =
        post && ref ? await saveThenDropDraft(ref, !!pending, () => updateBlogPost(post.id, { ...draft, version: post.version })) : await createBlogPost(draft);
      // Publishing is visible at once: a save that changed it can be taken back (a new post was a draft before).
      const before = post?.published ?? false;
      const undo = saved.published !== before && { label: 'Undo', onClick: () => void restorePublished(saved, before) };
      notify(post ? 'Blog post updated successfully' : 'Blog post created successfully', undo ? { action: undo } : undefined);
      reset();
      onClose();
    } catch (err) {
      notify(`${editing ? 'Error updating blog post' : 'Error creating blog post'}: ${(err as Error).message}`, { intent: 'error' });
    } finally {
      setPhase('idle');
    }
  }

  async function restorePublished(saved: BlogPost, published: boolean) {
    try {
      await updateBlogPost(saved.id, { ...draftOf(saved), published, version: saved.version });
      notify('Publish status updated');
    } catch (err) {
      notify(`Error updating blog post: ${(err as Error).message}`, { intent: 'error' });
    }
  }

  const busy = phase !== 'idle';
  const image = filePreview ?? post?.featured_image ?? undefined;
  const previewPost = {
    title: values.title,
    content: values.content,
    created_at: post?.created_at ?? new Date().toISOString(),
    featured_image: image ?? null,
    sample_title: values.sample_title.trim() || null,
    lesson_path: sample.lesson_id ? `${sample.language_id}/${sample.level_id}/${sample.lesson_id}` : null,
  };
  const showForm = wide || view === 'edit';
  const showPreview = wide || view === 'preview';

  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && !busy && onClose()}>
      <DialogSurface className={wide ? s.wideSurface : s.surface}>
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <DialogBody>
            <DialogTitle>{editing ? 'Edit Blog Post' : 'Create New Blog Post'}</DialogTitle>
            <DialogContent className={wide ? s.split : s.content}>
              {!wide && (
                <TabList selectedValue={view} onTabSelect={(_, d) => setView(d.value as 'edit' | 'preview')} aria-label="Editor view">
                  <Tab value="edit">Edit</Tab>
                  <Tab value="preview">Preview</Tab>
                </TabList>
              )}
              <div className={mergeClasses(s.content, !showForm && s.hidden)}>
                <DraftNotice noun="post" isDraft={false} pending={pending} saveLabel="Update Post" />
                <Field label="Title" required validationMessage={errors.title}>
                  <Input value={values.title} onChange={(_, d) => set('title', d.value)} />
                </Field>
                <Field label="Content" required validationMessage={errors.content} hint="Each line break starts a new paragraph.">
                  <Textarea rows={10} resize="vertical" value={values.content} onChange={(_, d) => set('content', d.value)} />
                </Field>
                <Field label="Excerpt" hint="Shown on the blog cards; empty shows the start of the content.">
                  <Textarea rows={2} resize="vertical" value={values.excerpt} onChange={(_, d) => set('excerpt', d.value)} />
                </Field>
                <Field label="Featured image" hint="Recommended size: 1200x630 pixels.">
                  <div className={s.fileRow}>
                    <input
                      ref={input}
                      type="file"
                      accept={acceptOf('blog-image')}
                      hidden
                      onChange={onFile}
                      tabIndex={-1}
                      aria-hidden
                      data-testid="featured-image-input"
                    />
                    <Button icon={<ArrowUploadRegular />} disabled={busy} onClick={() => input.current?.click()}>
                      {image ? 'Change Image' : 'Choose Image'}
                    </Button>
                    {file && <span className={s.fileName}>{file.name}</span>}
                  </div>
                </Field>
                {image && <img src={image} alt="Post cover preview" className={s.image} />}
                {phase === 'uploading' && <ProgressBar value={progress} aria-label="Image upload progress" />}
                {mayPublish && <Switch label="Published" checked={values.published} onChange={(_, d) => set('published', d.checked)} />}
                <div className={s.sample}>
                  <Subtitle2 as="h3">Sample Phrases</Subtitle2>
                  <SampleSelects value={sample} onChange={setSample} />
                  <Field label="Sample title">
                    <Input value={values.sample_title} placeholder={SAMPLE_PLACEHOLDER} onChange={(_, d) => set('sample_title', d.value)} />
                  </Field>
                </div>
              </div>
              {showPreview && <BlogPostPreview post={previewPost} sample={sample} className={wide ? s.previewColumn : undefined} />}
            </DialogContent>
            <FormActions
              onCancel={onClose}
              busy={busy}
              lockCancel
              busyLabel={phase === 'uploading' ? 'Uploading...' : 'Saving...'}
              label={editing ? 'Update Post' : 'Create Post'}
              draftLabel={post?.published ? 'Save as draft' : undefined}
              draftOnly={!mayPublish}
            />
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
