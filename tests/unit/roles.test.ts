import { describe, expect, it } from 'vitest';
import { ADMIN_GROUP } from '../../shared/product.js';
import { editorLanguageGroup, EDITOR_GROUP, EDITOR_POSTS_GROUP, mayEditLanguage, mayPublishPosts, roleOf } from '../../shared/roles.js';

describe('roles from Cognito groups', () => {
  it('an admin may do everything, whatever else they are in', () => {
    const admin = roleOf([EDITOR_GROUP, ADMIN_GROUP]);
    expect(admin).toEqual({ role: 'admin' });
    expect(mayEditLanguage(admin, 'anything')).toBe(true);
    expect(mayPublishPosts(admin)).toBe(true);
  });

  it('an editor edits their languages only; publishing posts is a right of its own', () => {
    const editor = roleOf([editorLanguageGroup('fr'), EDITOR_GROUP, editorLanguageGroup('es')]);
    expect(editor).toEqual({ role: 'editor', languages: ['es', 'fr'], publish_posts: false });
    expect(mayEditLanguage(editor, 'es')).toBe(true);
    expect(mayEditLanguage(editor, 'de')).toBe(false);
    expect(mayEditLanguage(editor, '')).toBe(false);
    expect(mayPublishPosts(editor)).toBe(false);
    expect(mayPublishPosts(roleOf([EDITOR_GROUP, EDITOR_POSTS_GROUP]))).toBe(true);
  });

  it('language groups without the editors group give nothing (a half-removed editor is no editor)', () => {
    const left = roleOf([editorLanguageGroup('es'), EDITOR_POSTS_GROUP]);
    expect(left).toEqual({ role: 'learner' });
    expect(mayEditLanguage(left, 'es')).toBe(false);
    expect(mayPublishPosts(left)).toBe(false);
    expect(roleOf([])).toEqual({ role: 'learner' });
  });
});
