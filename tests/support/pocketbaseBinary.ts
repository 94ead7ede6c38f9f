/**
 * Vitest's global setup: the PocketBase binary, built (or downloaded) once before any test file
 * starts, so that the files running at once do not each build it.
 */
import { resolvePocketBaseBinary } from '../../tools/local/pocketbase/binary.ts';

export default async function getPocketBaseBinary() {
  await resolvePocketBaseBinary();
}
