import { downloadFile } from '../api/download.ts';

/** "Download my data": the file account/export streams, saved under the name the server gives. */
export const downloadMyData = (): Promise<void> => downloadFile('/api/account/export', {});
