'use client';

import { useState } from 'react';

/** One client component, so the page hydrates as every Rooster page does. */
export function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {count}
    </button>
  );
}
