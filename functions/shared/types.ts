/**
 * Shapes the API returns, shared with the frontend: the contract between handlers and pages.
 * Every stored entity carries `version` (send it back on update: a stale one gets 409).
 */
export interface Stored {
  version: number;
  created_at: string;
  updated_at: string;
}

export interface ApiError {
  message: string;
  fields?: Record<string, string>;
}

// ---- Course ---------------------------------------------------------------------------------

export interface Language extends Stored {
  id: string;
  name: string;
  flag_url: string;
}

export interface Level extends Stored {
  id: string;
  language_id: string;
  title: string;
  cefr_label: string;
  icon_url: string;
  order_index: number | null;
  is_locked: boolean;
}
export interface LevelWithCount extends Level {
  lesson_count: number;
}

export interface Lesson extends Stored {
  id: string;
  language_id: string;
  level_id: string;
  title: string;
  translated_title: string;
  icon_url: string;
  order_index: number | null;
  is_locked: boolean;
}

export interface Phrase extends Stored {
  id: string;
  language_id: string;
  level_id: string;
  lesson_id: string;
  original_text: string;
  translated_text: string;
  audio_url: string;
}

/** Phrases that share one audio file (the derived "grouped phrase view"). */
export interface PhraseGroup {
  audio_url: string;
  phrases: Phrase[];
}

/** GET /api/pages/language/{language}: the /{language} page. Levels sorted (missing order = 999, ties by title). */
export interface LanguagePage {
  language: Language;
  levels: LevelWithCount[];
}
/** GET /api/pages/level/{language}/{level}: the /{language}/{level} page. When the level is locked, `lessons` is empty. */
export interface LevelPage {
  language: Language;
  level: Level;
  lessons: Lesson[];
}
/**
 * GET /api/pages/lesson/{language}/{level}/{lesson}: the lesson page in one request. Phrases without
 * audio are dropped; groups keep the phrases' order. When the level or lesson is locked, `groups` is
 * empty and the client goes to /locked-content.
 */
export interface LessonPage {
  language: Language;
  level: Level;
  lesson: Lesson;
  groups: PhraseGroup[];
  /** The lessons before and after it in the course (unlocked levels and lessons in catalogue order, across levels). */
  previous: LessonLink | null;
  next: LessonLink | null;
}
/** A lesson the lesson page links to (Previous lesson / Next lesson): published and unlocked. */
export interface LessonLink {
  language_id: string;
  level_id: string;
  id: string;
  /** The lesson's translated title (its title when there is none). */
  title: string;
  /** The level it is in: shown when the link crosses into another level. */
  level_title: string;
}
/** GET /api/pages/locked?type=level|lesson&id=&languageId=&levelId=: what the locked-content screen shows. */
export interface LockedItem {
  type: 'level' | 'lesson';
  title: string;
  icon_url: string;
  description: string;
}

/**
 * GET /api/catalogue/{language}: a language's whole published course for offline use (the companion
 * app): unlocked levels in order, each with its unlocked lessons in order, each with its phrase groups.
 */
export interface Catalogue {
  language: Language;
  levels: (Level & { lessons: (Lesson & { groups: PhraseGroup[] })[] })[];
}

// ---- A signed-in user's own data (/api/me/*) -------------------------------------------------

/** GET/PUT /api/me/profile. The e-mail is the session's (the ID token's), not stored here. */
export interface Profile {
  id: string;
  /** '' until the user sets one. */
  username: string;
  /** '' when none: the avatar shows initials. */
  avatar_url: string;
}
/** GET /api/me/progress: one entry per language the user has progress in. */
export interface LanguageProgress {
  language_id: string;
  language_name: string;
  flag_url: string;
  /** Lessons of the language the user completed (lessons since deleted do not count). */
  completed: number;
  /** Lessons of the language. */
  total: number;
}
/** Where a lesson is: the path of its page, and of its progress and favourites. */
export type LessonRef = Pick<Phrase, 'language_id' | 'level_id' | 'lesson_id'>;

/** PUT /api/me/progress/{language}/{level}/{lesson}, and the rows of GET /api/me/progress/{language}. */
export interface LessonProgress extends LessonRef {
  completed: boolean;
  updated_at: string;
}
/** GET /api/me/favorites: a favourite phrase with what the list shows (always the phrase's current text). */
export interface Favorite extends LessonRef, Pick<Phrase, 'original_text' | 'translated_text' | 'audio_url'> {
  /** The phrase's id (a user favourites a phrase once). */
  id: string;
  phrase_id: string;
  created_at: string;
}
/** GET /api/me/lessons/{language}/{level}/{lesson}: what the lesson page shows a signed-in user. */
export interface MyLesson {
  completed: boolean;
  /** Ids of the lesson's phrases the user favourited. */
  favorites: string[];
}

// ---- Media ----------------------------------------------------------------------------------

export type UploadKind = 'audio' | 'level-icon' | 'lesson-icon' | 'blog-image' | 'settings-app' | 'settings-hero' | 'settings-logo' | 'settings-favicon';
/** POST /api/media/uploads answer: POST `fields` + the file (last) as multipart form data to `url`. */
export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
  /** Where the object will be served once uploaded. */
  public_url: string;
}

// ---- Site -----------------------------------------------------------------------------------

export interface SiteSettings {
  id: 'site_settings';
  about_title: string;
  about_content: string;
  who_we_are_title: string;
  who_we_are_content: string;
  how_it_works_title: string;
  how_it_works_content: string;
  app_store_link: string;
  play_store_link: string;
  app_screenshot: string;
  hero_image: string;
  facebook_link: string;
  twitter_link: string;
  instagram_link: string;
  linkedin_link: string;
  pinterest_link: string;
  logo: string;
  favicon: string;
  banner_bg_color: string;
  banner_text_color: string;
  banner_cta_text: string;
  banner_cta_color: string;
  banner_cta_bg_color: string;
  banner_show_logo: boolean;
  banner_title: string;
  banner_description: string;
  banner_size: 'small' | 'medium' | 'large';
  version?: number;
  updated_at?: string;
}

export interface BlogPost extends Stored {
  id: string;
  title: string;
  content: string;
  excerpt: string;
  author_id: string;
  author_name: string;
  featured_image: string | null;
  published: boolean;
  lesson_id: string | null;
  /** `{language}/{level}/{lesson}` path of the linked lesson, when lesson_id is set. */
  lesson_path: string | null;
  phrase_audio_url: string | null;
  sample_title: string | null;
  slug: string;
}
/** GET /api/blog/{slug}: the post plus its sample phrase group (one request for the post page). */
export interface BlogPostPage {
  post: BlogPost;
  sample: PhraseGroup | null;
}

export interface SupportMessage {
  name: string;
  email: string;
  message: string;
}

export interface AnalyticsDay {
  date: string;
  page_views: number;
}

export interface AdminUser {
  id: string;
  email: string;
  user_metadata: { name?: string };
  email_confirmed_at: string | null;
  created_at: string;
  is_admin: boolean;
  enabled: boolean;
  status: string;
}
