'use client';

import { Button } from '@/components/ui/button';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { SNIPPET_TARGETS, snippet, TOKEN_PLACEHOLDER, type SnippetId } from '@/lib/explorer/snippets';
import { Select } from '@/components/ui/control';

/** The request as code in the chosen language; the token a placeholder to fill in. */
export function CodeSnippets({ request }: { request: string }) {
  const t = useTranslations('explorer.views');
  const [language, setLanguage] = useState<SnippetId>('curl');
  const [copied, setCopied] = useState(false);
  const code = useMemo(() => snippet(request, language), [request, language]);
  return (
    <div className="space-y-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2">
          {t('language')}
          <Select
            value={language}
            onChange={(e) => {
              setLanguage(e.target.value as SnippetId);
              setCopied(false);
            }}
          >
            {SNIPPET_TARGETS.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </Select>
        </label>
        <Button
          onClick={async () => {
            await navigator.clipboard.writeText(code).catch(() => undefined);
            setCopied(true);
          }}
        >
          {copied ? t('copied') : t('copy')}
        </Button>
      </div>
      <pre
        className="overflow-auto rounded bg-surface-sunken p-2 font-mono text-xs"
        data-testid={`explorer-${language}`}
        translate="no"
      >
        {code}
      </pre>
      <p className="text-xs text-ink-muted">{t('placeholder', { placeholder: TOKEN_PLACEHOLDER })}</p>
    </div>
  );
}
