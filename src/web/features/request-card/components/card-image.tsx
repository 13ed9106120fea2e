import type { Product } from '../form-model.ts';

const LOOK: Record<Product, { from: string; to: string; ink: string; name: string }> = {
  1: { from: '#0b7a5a', to: '#14b886', ink: '#ffffff', name: 'VERDE' },
  2: { from: '#111418', to: '#3a3f47', ink: '#f1f3f5', name: 'BLACK' },
};

/** The product's card face (decorative: the button around it carries the name). */
export function CardImage({ product }: { product: Product }) {
  const look = LOOK[product];
  const id = `card-gradient-${product}`;
  return (
    <svg viewBox="0 0 320 200" width="100%" role="presentation" aria-hidden focusable="false">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={look.from} />
          <stop offset="1" stopColor={look.to} />
        </linearGradient>
      </defs>
      <rect x="0" y="0" width="320" height="200" rx="16" fill={`url(#${id})`} />
      <circle cx="270" cy="40" r="70" fill="#ffffff" opacity="0.07" />
      <circle cx="300" cy="190" r="90" fill="#ffffff" opacity="0.05" />
      <rect x="28" y="72" width="46" height="34" rx="6" fill="#d9b45a" />
      <path d="M28 89h46M51 72v34" stroke="#b38f35" strokeWidth="2" />
      <text x="28" y="44" fill={look.ink} fontFamily="Inter, Arial, sans-serif" fontSize="22" fontWeight="700">
        fidis
      </text>
      <text x="28" y="150" fill={look.ink} fontFamily="monospace" fontSize="17" letterSpacing="2">
        •••• •••• •••• 0000
      </text>
      <text x="28" y="178" fill={look.ink} fontFamily="Inter, Arial, sans-serif" fontSize="12" opacity="0.9">
        CORPORATIVO
      </text>
      <text
        x="292"
        y="178"
        fill={look.ink}
        fontFamily="Inter, Arial, sans-serif"
        fontSize="14"
        fontWeight="700"
        textAnchor="end"
      >
        {look.name}
      </text>
    </svg>
  );
}
