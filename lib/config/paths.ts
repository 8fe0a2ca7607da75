import path from 'node:path';

/** Local state of the embedded defaults (database files, master key, chain state). */
export const DATA_DIR = process.env.TICKWORK_DATA_DIR
  ? path.resolve(process.env.TICKWORK_DATA_DIR)
  : path.join(/* turbopackIgnore: true */ process.cwd(), '.data');
