// 404 for every page: unknown routes and workspaces the signed-in person is not a member of.
import { Compass } from 'lucide-react';
import Link from 'next/link';
import { LogoMark } from '@/components/brand/logo';
import { buttonVariants } from '@/components/ui/button';

export default function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-6 text-center">
      <LogoMark className="mb-10" />
      <Compass className="size-10 text-muted-foreground" />
      <h1 className="mt-4 font-semibold text-2xl tracking-tight">Page not found</h1>
      <p className="mt-2 max-w-sm text-muted-foreground text-sm">
        This page does not exist, or it belongs to a workspace you are not a member of.
      </p>
      <Link href="/" className={buttonVariants({ className: 'mt-8' })}>
        Back to the console
      </Link>
    </main>
  );
}
