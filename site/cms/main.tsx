/**
 * The content editor's page script (/admin/ only; bundled by site/integrations/content-editor.ts).
 * Decap CMS reads its collections from /admin/config.yml, generated from the content schemas.
 */
import CMS from 'decap-cms-app';
import { LOCAL_BACKEND_PATH } from './config.ts';
import { PREVIEWS } from './previews.tsx';
import { dataToSave } from './validate.ts';

CMS.registerPreviewStyle('/admin/preview.css');
for (const [name, template] of Object.entries(PREVIEWS)) CMS.registerPreviewTemplate(name, template);
CMS.registerEventListener({ name: 'preSave', handler: dataToSave });
// config.yml says `local_backend: true`; Decap needs the backend's absolute address, which is this
// page's origin (`npm start` forwards it to decap-server). Decap only uses it on localhost.
CMS.init({
  config: { local_backend: { url: new URL(LOCAL_BACKEND_PATH, window.location.origin).href } },
} as never);
