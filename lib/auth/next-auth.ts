// next-auth v5: Sign-In with Ethereum (credentials provider), GitHub OAuth when configured; JWT sessions.
import NextAuth, { type NextAuthConfig } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import GitHub from 'next-auth/providers/github';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { verifySiweSignIn } from '@/lib/auth/siwe';
import { publicOrigin } from '@/lib/console/origin';
import { log } from '@/lib/log';
import { signInWithAddress, signInWithGithub } from '@/lib/users/service';

declare module 'next-auth' {
  interface Session {
    /** Our user id (`usr_…`); every console check starts from it. */
    userId: string;
  }
}

const SiweCredentials = z.object({
  message: z.string().min(1).max(4000),
  signature: z.string().regex(/^0x[0-9a-fA-F]+$/),
  csrfToken: z.string().min(1),
});

const GithubProfile = z.object({
  id: z.union([z.number(), z.string()]),
  login: z.string(),
  name: z.string().nullish(),
  email: z.string().nullish(),
});

export const githubConfigured = () => Boolean(process.env.AUTH_GITHUB_ID && process.env.AUTH_GITHUB_SECRET);

const siwe = Credentials({
  id: 'siwe',
  name: 'Ethereum',
  credentials: { message: {}, signature: {}, csrfToken: {} },
  async authorize(credentials, request) {
    const input = SiweCredentials.safeParse(credentials);
    if (!input.success) return null;
    // The message must name the host the browser signed in on (AUTH_URL's, or the Host header).
    const domain = new URL(publicOrigin(request)).host;
    // next-auth has already checked csrfToken against its cookie (double submit); the message's nonce is one
    // this server issued (POST /api/siwe/nonce), used up here so a signed message signs in once.
    const address = await verifySiweSignIn(getDb(), {
      message: input.data.message,
      signature: input.data.signature as `0x${string}`,
      domain,
    });
    if (!address) return null;
    const { user } = await signInWithAddress(getDb(), address);
    return { id: user.id, name: address };
  },
});

const config: NextAuthConfig = {
  providers: githubConfigured() ? [siwe, GitHub] : [siwe],
  session: { strategy: 'jwt', maxAge: 30 * 24 * 60 * 60 },
  pages: { signIn: '/signin', error: '/signin' },
  logger: {
    // A refused sign-in (bad signature, replayed or expired nonce) is the client's: nothing logged, as for any
    // 4xx. Anything else goes through the one error serializer (class, bounded message, frames).
    error(error) {
      if ((error as { type?: string }).type === 'CredentialsSignin') return;
      log.error({ err: error }, 'auth error');
    },
  },
  callbacks: {
    async jwt({ token, user, account, profile }) {
      if (account?.provider === 'github' && profile) {
        const github = GithubProfile.parse(profile);
        const { user: ours } = await signInWithGithub(getDb(), {
          githubId: String(github.id),
          login: github.login,
          name: github.name,
          email: github.email,
        });
        return { ...token, sub: ours.id, name: github.login };
      }
      if (user?.id) return { ...token, sub: user.id };
      return token;
    },
    session({ session, token }) {
      return { ...session, userId: token.sub ?? '' };
    },
  },
};

export const { handlers, auth, signIn, signOut } = NextAuth(config);
