import type { ButtonHTMLAttributes } from 'react';

// The app's one button look, named: a plain button and the primary action of a view (the styles
// are `.btn` and `.btn-primary` in app/globals.css). Links that act as buttons take the same class
// (`buttonClass`), as shadcn/ui's buttonVariants does.

const VARIANTS = { default: 'btn', primary: 'btn btn-primary' } as const;
export type ButtonVariant = keyof typeof VARIANTS;

/** The class of a button-looking element: its variant, then any layout classes of the place. */
export function buttonClass(variant: ButtonVariant = 'default', extra = ''): string {
  return extra ? `${VARIANTS[variant]} ${extra}` : VARIANTS[variant];
}

/** A button (type "button" unless said otherwise), plain or primary. */
export function Button({
  variant = 'default',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}

/** The look of a link within text: the brand colour, underlined. */
export const linkClass = (extra = ''): string =>
  extra ? `text-brand-strong underline ${extra}` : 'text-brand-strong underline';
