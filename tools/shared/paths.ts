import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's root folder (where package.json is), whichever folder a command runs from. */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
