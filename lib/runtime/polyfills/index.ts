import { WEB_ABORT } from './abort';
import { BASE_POLYFILLS } from './base';
import { WEB_FETCH_TYPES } from './fetch-types';
import { WEB_HEADERS } from './headers';
import { WEB_PRELUDE } from './prelude';
import { WEB_URL } from './url';

/**
 * The web platform's URL, URLSearchParams, Headers, Request, Response, AbortController/AbortSignal and
 * DOMException, as HTTP clients (ky, axios, ethers v6's FetchRequest) need them on top of the sandbox's fetch.
 * Minimal but faithful where those clients look: bodies are UTF-8 text (strings, URLSearchParams and byte
 * arrays are accepted; Blob, FormData and streams are refused with a TypeError), `body` is always null (no
 * streams), and URLs must be absolute unless a base is given. The guest's fetch (task-runner/guest.ts) takes a
 * Request and answers a Response.
 */
const WEB_POLYFILLS = `
(() => {
${WEB_PRELUDE}
${WEB_URL}
${WEB_HEADERS}
${WEB_ABORT}
${WEB_FETCH_TYPES}
})();
`;

/** Everything the isolate gets before the task's module loads (the run's bootstrap adds fetch, console, timers). */
export const POLYFILLS = BASE_POLYFILLS + WEB_POLYFILLS;
