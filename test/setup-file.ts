// Runs before every test file (vitest.config.ts `setupFiles`).
import { afterAll } from 'vitest';
import { endFile } from './support/file-end';

afterAll(endFile);
