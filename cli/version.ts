/** The command-line tool's version (the spec's API description is reviewed against it); sent as its User-Agent. */
export const CLI_VERSION = '0.10.0';

export const USER_AGENT = `tickwork-cli/${CLI_VERSION}`;

/** `version` (or `--version`): the tool's version as JSON. */
export async function version() {
  return { version: CLI_VERSION };
}
