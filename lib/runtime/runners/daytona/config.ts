// The Daytona runner's settings, read from the environment.

export type DaytonaRunnerConfig = {
  apiKey: string;
  /** Daytona's API (default: Daytona's cloud). */
  apiUrl: string;
  /** The region sandboxes are created in (Daytona's default when unset). */
  target: string | undefined;
  /** The snapshot sandboxes are created from: Node 20 and isolated-vm under /runner (deploy/daytona). */
  snapshot: string;
};

const DEFAULT_DAYTONA_API_URL = 'https://app.daytona.io/api';
const DEFAULT_DAYTONA_SNAPSHOT = 'tickwork-runner';

/** Whether the deployment runs `daytona` executables in Daytona (`DAYTONA_API_KEY` is set). */
export const daytonaConfigured = () => Boolean(process.env.DAYTONA_API_KEY?.trim());

export function daytonaConfig(): DaytonaRunnerConfig {
  const apiKey = process.env.DAYTONA_API_KEY?.trim();
  if (!apiKey) throw new Error('DAYTONA_API_KEY is not set');
  return {
    apiKey,
    apiUrl: process.env.DAYTONA_API_URL?.trim() || DEFAULT_DAYTONA_API_URL,
    target: process.env.DAYTONA_TARGET?.trim() || undefined,
    snapshot: process.env.DAYTONA_SNAPSHOT?.trim() || DEFAULT_DAYTONA_SNAPSHOT,
  };
}
