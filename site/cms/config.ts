/**
 * The content editor's configuration, served as /admin/config.yml (Decap's convention). Generated at
 * build time from the editable files and their schemas (collections.ts), never written by hand, so a
 * schema change reaches the editor in the same commit.
 */
import {
  ARTICLE_IMAGES,
  ARTICLES,
  COURSES,
  type EditableCollection,
  type EditableFile,
  EMAIL_COLLECTION,
  PAGES,
  SETTINGS,
} from './collections.ts';
import { type CmsField, fieldsOf } from './fields.ts';

/** Where the editor is served. */
export const EDITOR_PATH = '/admin/';
/** Same-origin address of the local backend (decap-server behind `npm start`); used only on localhost. */
export const LOCAL_BACKEND_PATH = `${EDITOR_PATH}api/v1`;

/** Where edits are committed in production (README, "Content editor"). */
export type EditorBackend =
  | { name: 'git-gateway'; branch: string }
  | { name: 'github'; repo: string; branch: string; base_url?: string };

/**
 * From the build's environment: GitHub (CMS_GITHUB_REPO=owner/name, signing in with the GitHub OAuth
 * app Netlify brokers) or, by default, Netlify Identity + Git Gateway. CMS_BRANCH: default main.
 */
export function editorBackend(env: Record<string, string | undefined>): EditorBackend {
  const branch = env.CMS_BRANCH || 'main';
  const repo = env.CMS_GITHUB_REPO;
  if (!repo) return { name: 'git-gateway', branch };
  if (!/^[\w.-]+\/[\w.-]+$/.test(repo)) throw new Error(`CMS_GITHUB_REPO must be owner/name, not "${repo}"`);
  return { name: 'github', repo, branch, ...(env.CMS_AUTH_URL ? { base_url: env.CMS_AUTH_URL } : {}) };
}

const BODY: CmsField = {
  name: 'body',
  label: 'Body',
  widget: 'markdown',
  hint: 'Markdown: sections start with a level-2 heading; links https://, mailto: or site paths such as /faq.',
};

const fileEntry = (file: EditableFile) => ({
  name: file.name,
  label: file.label,
  file: file.file,
  fields: [
    ...fieldsOf(file.schema, file.choices),
    ...(file.body ? [file.bodyHint ? { ...BODY, hint: file.bodyHint } : BODY] : []),
  ],
});

const fileCollection = (collection: EditableCollection) => ({
  name: collection.name,
  label: collection.label,
  description: collection.description,
  editor: { preview: collection === PAGES || collection === EMAIL_COLLECTION },
  // The emails are a closed list (functions/_lib/mail/catalog.ts): edited, never deleted.
  ...(collection === EMAIL_COLLECTION ? { delete: false } : {}),
  files: collection.files.map(fileEntry),
});

export function cmsConfig(options: { siteUrl: string; backend: EditorBackend }) {
  return {
    backend: {
      ...options.backend,
      // Drafts and reviews are pull requests; their titles name the entry.
      commit_messages: {
        create: 'Create {{collection}} “{{slug}}”',
        update: 'Update {{collection}} “{{slug}}”',
        delete: 'Delete {{collection}} “{{slug}}”',
        uploadMedia: 'Upload “{{path}}”',
        deleteMedia: 'Delete “{{path}}”',
      },
    },
    // Ignored off localhost; its address is set by the page (main.tsx). The local backend writes the
    // working tree and has no review step, so the editor falls back to publishing at once there.
    local_backend: true,
    publish_mode: 'editorial_workflow',
    site_url: options.siteUrl,
    display_url: options.siteUrl,
    logo_url: '/favicon.svg',
    media_folder: ARTICLE_IMAGES.folder,
    public_folder: ARTICLE_IMAGES.publicPath,
    // The build's article address: lower case, "_" for spaces (validate.ts refuses a title whose
    // file name would differ from it).
    slug: { encoding: 'ascii', clean_accents: false, sanitize_replacement: '_' },
    collections: [
      fileCollection(PAGES),
      {
        name: ARTICLES.name,
        label: ARTICLES.label,
        label_singular: 'Article',
        description: 'One file per article at /articles/{slug}; the newest is featured.',
        folder: ARTICLES.folder,
        extension: 'md',
        format: 'frontmatter',
        create: true,
        slug: '{{slug}}',
        identifier_field: 'title',
        summary: '{{title}} ({{date}})',
        sortable_fields: ['date', 'title'],
        fields: [...fieldsOf(ARTICLES.schema, ARTICLES.choices), BODY],
      },
      {
        name: COURSES.name,
        label: COURSES.label,
        label_singular: 'Course',
        description:
          'One file per course at /courses/{slug}; docs/courses.md lists the rules the build checks.',
        folder: COURSES.folder,
        extension: 'json',
        format: 'json',
        create: true,
        // The file name is the slug field, so a new title never moves the course or its progress.
        identifier_field: 'slug',
        slug: '{{slug}}',
        summary: '{{title}} ({{level}})',
        fields: fieldsOf(COURSES.schema, COURSES.choices),
      },
      fileCollection(SETTINGS),
      fileCollection(EMAIL_COLLECTION),
    ],
  };
}
