import type { ComponentProps } from 'react';

// The app's one card: a bordered surface that holds one thing (a notice, a panel, a list), named as
// shadcn/ui's Card. Padding is a variant so two cards side by side cannot drift apart.

const BASE = 'rounded-lg border border-surface-line bg-surface';
const PADDINGS = { none: '', compact: 'p-3', default: 'p-4', roomy: 'p-6' } as const;
export type CardPadding = keyof typeof PADDINGS;

/** The class of a card-looking element: the look, its padding, then the place's own classes. */
export function cardClass(padding: CardPadding = 'default', extra = ''): string {
  return [BASE, PADDINGS[padding], extra].filter(Boolean).join(' ');
}

/** A card as a `<div>`; a section or an aside takes `cardClass` on its own element. */
export function Card({ padding, className = '', ...props }: ComponentProps<'div'> & { padding?: CardPadding }) {
  return <div className={cardClass(padding, className)} {...props} />;
}
