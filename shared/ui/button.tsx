import type { ComponentProps } from 'react';
import { Slot } from 'radix-ui';
import { cx } from '@shared/ui/cx';

const variants = {
  primary: 'ui-button--primary',
  secondary: 'ui-button--secondary',
  ghost: 'ui-button--ghost',
  danger: 'ui-button--danger',
} as const;

const sizes = {
  md: '',
  sm: 'ui-button--sm',
  icon: 'ui-button--icon',
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

/** The class names of a button, for links and triggers styled as buttons. */
export function buttonClass(
  options: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {},
) {
  const { variant = 'primary', size = 'md', className } = options;
  return cx('ui-button', variants[variant], sizes[size], className);
}

export type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Renders the only child (e.g. a link) with the button's look and behaviour. */
  asChild?: boolean;
};

export function Button({ variant, size, asChild = false, className, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      data-slot="button"
      data-variant={variant ?? 'primary'}
      className={buttonClass({ variant, size, className })}
      // A plain <button> inside a form would submit it; say so explicitly when that is wanted.
      {...(asChild ? {} : { type: type ?? 'button' })}
      {...props}
    />
  );
}
