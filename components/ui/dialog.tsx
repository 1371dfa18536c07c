'use client';

import { X } from 'lucide-react';
import { Dialog as Primitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/ui/cn';

export const Dialog = Primitive.Root;
export const DialogTrigger = Primitive.Trigger;
export const DialogClose = Primitive.Close;
export const DialogPortal = Primitive.Portal;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof Primitive.Overlay>) {
  return <Primitive.Overlay className={cn('fixed inset-0 z-50 bg-black/40', className)} {...props} />;
}

/**
 * A modal dialog: portal, overlay, focus trapped inside, Esc and the close button close it.
 * Centred by default; pass `className` to place it elsewhere (tailwind-merge resolves conflicts).
 * Every dialog needs a `DialogTitle` inside (Radix labels the dialog with it).
 */
export function DialogContent({
  className,
  children,
  closeLabel,
  overlayClassName,
  ...props
}: ComponentProps<typeof Primitive.Content> & {
  /** Accessible name of the corner close button; no button when omitted. */
  closeLabel?: string;
  overlayClassName?: string;
}) {
  return (
    <Primitive.Portal>
      <DialogOverlay className={overlayClassName} />
      <Primitive.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-card p-6 text-card-foreground shadow-lg outline-none',
          className,
        )}
        {...props}
      >
        {children}
        {closeLabel && (
          <Primitive.Close
            className="absolute right-3 top-3 rounded-md p-1.5 text-muted-foreground hover:bg-accent hover:text-accent-foreground"
            aria-label={closeLabel}
            title={closeLabel}
          >
            <X className="size-4" aria-hidden />
          </Primitive.Close>
        )}
      </Primitive.Content>
    </Primitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pr-8', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof Primitive.Title>) {
  return <Primitive.Title className={cn('text-lg font-semibold leading-tight', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof Primitive.Description>) {
  return <Primitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}
