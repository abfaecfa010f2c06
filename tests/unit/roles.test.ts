import { describe, expect, it } from 'vitest';
import { ADMIN_GROUP } from '../../shared/product.js';
import {
  editorLanguageGroup,
  EDITOR_GROUP,
  EDITOR_POSTS_GROUP,
  mayDeletePost,
  mayEditLanguage,
  mayPublishPosts,
  mayReview,
  OTHER_LANGUAGE_TEXT,
  restoreRefusal,
  RESTORE_LANGUAGE_TEXT,
  RESTORE_PUBLISHED_POST_TEXT,
  reviewerLanguageGroup,
  roleOf,
} from '../../shared/roles.js';

describe('roles from Cognito groups', () => {
  it('an admin may do everything, whatever else they are in', () => {
    const admin = roleOf([EDITOR_GROUP, ADMIN_GROUP]);
    expect(admin).toEqual({ role: 'admin' });
    expect(mayEditLanguage(admin, 'anything')).toBe(true);
    expect(mayPublishPosts(admin)).toBe(true);
  });

  it('an editor edits their languages only; publishing posts is a right of its own', () => {
    const editor = roleOf([editorLanguageGroup('fr'), EDITOR_GROUP, editorLanguageGroup('es')]);
    expect(editor).toEqual({ role: 'editor', languages: ['es', 'fr'], publish_posts: false, reviews: [] });
    expect(mayEditLanguage(editor, 'es')).toBe(true);
    expect(mayEditLanguage(editor, 'de')).toBe(false);
    expect(mayEditLanguage(editor, '')).toBe(false);
    expect(mayPublishPosts(editor)).toBe(false);
    expect(mayPublishPosts(roleOf([EDITOR_GROUP, EDITOR_POSTS_GROUP]))).toBe(true);
  });

  it('a reviewer reviews a language they edit; a review group alone gives nothing, an admin reviews all', () => {
    const reviewer = roleOf([EDITOR_GROUP, editorLanguageGroup('es'), reviewerLanguageGroup('es'), reviewerLanguageGroup('fr')]);
    expect(reviewer).toEqual({ role: 'editor', languages: ['es'], publish_posts: false, reviews: ['es'] });
    expect([mayReview(reviewer, 'es'), mayReview(reviewer, 'fr')]).toEqual([true, false]);
    expect(mayReview(roleOf([EDITOR_GROUP, editorLanguageGroup('es')]), 'es')).toBe(false);
    expect(roleOf([reviewerLanguageGroup('es')])).toEqual({ role: 'learner' });
    expect(mayReview(roleOf([ADMIN_GROUP]), 'es')).toBe(true);
  });

  it('language groups without the editors group give nothing (a half-removed editor is no editor)', () => {
    const left = roleOf([editorLanguageGroup('es'), EDITOR_POSTS_GROUP]);
    expect(left).toEqual({ role: 'learner' });
    expect(mayEditLanguage(left, 'es')).toBe(false);
    expect(mayPublishPosts(left)).toBe(false);
    expect(roleOf([])).toEqual({ role: 'learner' });
  });
});

describe('what the screens offer, and the API allows, by role', () => {
  const admin = roleOf([ADMIN_GROUP]);
  const editor = roleOf([EDITOR_GROUP, editorLanguageGroup('es')]);
  const blogEditor = roleOf([EDITOR_GROUP, editorLanguageGroup('es'), EDITOR_POSTS_GROUP]);

  it('a published post is deleted only with the blog right; a draft by any editor', () => {
    expect(mayDeletePost(editor, { published: false })).toBe(true);
    expect(mayDeletePost(editor, { published: true })).toBe(false);
    expect(mayDeletePost(blogEditor, { published: true })).toBe(true);
    expect(mayDeletePost(admin, { published: true })).toBe(true);
  });

  it("an editor restores their languages' levels and lessons; the refusal names the right", () => {
    for (const kind of ['level', 'lesson'] as const) {
      expect(restoreRefusal(editor, { kind, language_id: 'es' })).toBeUndefined();
      expect(restoreRefusal(editor, { kind, language_id: 'fr' })).toBe(OTHER_LANGUAGE_TEXT);
      expect(restoreRefusal(admin, { kind, language_id: 'fr' })).toBeUndefined();
    }
    // A language comes back only by an administrator, even one the editor edits.
    expect(restoreRefusal(editor, { kind: 'language', language_id: 'es' })).toBe(RESTORE_LANGUAGE_TEXT);
    expect(restoreRefusal(admin, { kind: 'language', language_id: 'es' })).toBeUndefined();
    expect(RESTORE_LANGUAGE_TEXT).toMatch(/needs administrator rights/);
  });

  it('a post comes back public only with the blog right; an entry that does not say is taken as public', () => {
    expect(restoreRefusal(editor, { kind: 'post', published: false })).toBeUndefined();
    expect(restoreRefusal(editor, { kind: 'post', published: true })).toBe(RESTORE_PUBLISHED_POST_TEXT);
    expect(restoreRefusal(editor, { kind: 'post' })).toBe(RESTORE_PUBLISHED_POST_TEXT);
    expect(restoreRefusal(blogEditor, { kind: 'post', published: true })).toBeUndefined();
    expect(RESTORE_PUBLISHED_POST_TEXT).toMatch(/needs the blog right/);
  });
});
