/**
 * The save of the blog post dialog: a new featured image is uploaded first (if that fails the post
 * is still saved, keeping its current image), then the post is created, updated, or its changes kept
 * as its draft; a save that changed the Published status offers Undo in its toast.
 */
import { useState, type FormEvent } from 'react';
import type { BlogPost } from '@shared/contracts/blog';
import { type BlogPostDraft, createBlogPost, updateBlogPost } from '../../api/blog';
import { uploadFile } from '../../api/media';
import { useNotify } from '../../components/notify';
import { saveAsDraft, saveThenDropDraft, submittedAsDraft } from '../publishing/drafts';
import { draftOf } from './postDraft';

export function useBlogPostSave(post: BlogPost | undefined, hadDraft: boolean, onSaved: () => void) {
  const notify = useNotify();
  // The upload's progress; undefined when no upload is running.
  const [progress, setProgress] = useState<number>();

  async function upload(file: File | undefined) {
    // Without a new file the post keeps its image; a failed upload does not stop the save.
    if (!file) return post?.featured_image ?? null;
    setProgress(0);
    try {
      return await uploadFile('blog-image', file, setProgress);
    } catch (err) {
      console.error('Featured image upload failed', err);
      notify('Failed to upload image', { body: (err as Error).message, intent: 'error' });
      return post?.featured_image ?? null;
    } finally {
      setProgress(undefined);
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

  /** Saves what the form describes (`draft` without its image) with the button pressed. */
  async function save(e: FormEvent, draft: Omit<BlogPostDraft, 'featured_image'>, file: File | undefined) {
    const asDraft = submittedAsDraft(e);
    const full: BlogPostDraft = { ...draft, featured_image: await upload(file) };
    const ref = post && ({ kind: 'post', post_id: post.id } as const);
    try {
      if (post && ref && asDraft) {
        const { published: _published, ...fields } = full;
        await saveAsDraft(ref, post.version, fields);
        notify('Draft saved: the public post is unchanged');
        return onSaved();
      }
      const saved =
        post && ref ? await saveThenDropDraft(ref, hadDraft, () => updateBlogPost(post.id, { ...full, version: post.version })) : await createBlogPost(full);
      // Publishing is visible at once: a save that changed it can be taken back (a new post was a draft before).
      const before = post?.published ?? false;
      const undo = saved.published !== before && { label: 'Undo', onClick: () => void restorePublished(saved, before) };
      notify(post ? 'Blog post updated successfully' : 'Blog post created successfully', undo ? { action: undo } : undefined);
      onSaved();
    } catch (err) {
      notify(`${post ? 'Error updating blog post' : 'Error creating blog post'}: ${(err as Error).message}`, { intent: 'error' });
    }
  }

  return { save, uploading: progress !== undefined, progress: progress ?? 0 };
}
