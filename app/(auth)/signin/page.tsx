// /signin — Sign-In with Ethereum, or GitHub when the deployment configures it.
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { currentConsoleUser } from '@/lib/auth/console';
import { githubConfigured } from '@/lib/auth/next-auth';
import { enabledChains } from '@/lib/chains/config';
import { safeCallbackUrl } from '@/lib/console/callback-url';
import { walletChain } from '@/lib/console/wallet-chains';
import { GithubSignIn } from './_components/github-sign-in';
import { SiweSignIn } from './_components/siwe-sign-in';

export const metadata: Metadata = { title: 'Sign in' };

const ERRORS: Record<string, string> = {
  CredentialsSignin: 'That signature could not be verified. Please try again.',
  OAuthSignin: 'GitHub sign-in could not start. Please try again.',
  OAuthCallbackError: 'GitHub sign-in was cancelled or failed.',
  AccessDenied: 'Access was denied.',
};

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string; error?: string }>;
}) {
  const { callbackUrl, error } = await searchParams;
  const destination = safeCallbackUrl(callbackUrl);
  if (await currentConsoleUser()) redirect(destination);
  const chains = enabledChains().map(walletChain);

  return (
    <div>
      <h1 className="font-semibold text-2xl tracking-tight">Sign in to Tickwork</h1>
      <p className="mt-2 text-muted-foreground text-sm">
        Use your wallet to sign in. New here? Signing in creates your account and a personal workspace.
      </p>
      {error && (
        <p
          role="alert"
          className="mt-6 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-destructive text-sm"
        >
          {ERRORS[error] ?? 'Sign-in failed. Please try again.'}
        </p>
      )}
      <div className="mt-8 grid gap-4">
        <SiweSignIn callbackUrl={destination} chains={chains} />
        {githubConfigured() && (
          <>
            <div className="flex items-center gap-3 text-muted-foreground text-xs uppercase tracking-wider">
              <span className="h-px flex-1 bg-border" />
              or
              <span className="h-px flex-1 bg-border" />
            </div>
            <GithubSignIn callbackUrl={destination} />
          </>
        )}
      </div>
      <p className="mt-10 text-muted-foreground text-xs leading-relaxed">
        Signing in asks your wallet to sign a short message. It costs no gas and sends no transaction.
      </p>
    </div>
  );
}
