import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { uploadMessages } from './upload';

/**
 * A multipart file field of a contract's input. Only presence is checked here; the extension and
 * size rules (checkUpload) depend on what the file is for and run where it is stored.
 */
export const fileField = z.file({ error: uploadMessages.empty });
