// Layout of the public Safe pages (no sign-in, no workspace): the brand bar over one centered column.
import type { ReactNode } from 'react';
import { Logo } from '@/components/brand/logo';

export default function SafeLayout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen">
      <header className="flex h-14 items-center border-b bg-sidebar px-5 sm:px-8">
        <Logo tone="light" />
      </header>
      <main className="mx-auto w-full max-w-6xl px-5 py-8 sm:px-8 lg:px-10 lg:py-10">{children}</main>
    </div>
  );
}
