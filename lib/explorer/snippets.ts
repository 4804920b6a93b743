import { HTTPSnippet } from '@readme/httpsnippet';

// The explorer's request as code that runs, from a well-kept generator (ReadMe's httpsnippet)
// rather than templates of our own. The token stays a placeholder: Rooster never shows it here.

export const TOKEN_PLACEHOLDER = 'YOUR_TOKEN';

export const SNIPPET_TARGETS = [
  { id: 'curl', label: 'curl', target: 'shell', client: 'curl' },
  { id: 'fetch', label: 'JavaScript (fetch)', target: 'javascript', client: 'fetch' },
  { id: 'node', label: 'Node.js (fetch)', target: 'node', client: 'fetch' },
  { id: 'python', label: 'Python (requests)', target: 'python', client: 'requests' },
  { id: 'csharp', label: 'C# (HttpClient)', target: 'csharp', client: 'httpclient' },
  { id: 'java', label: 'Java (HttpClient)', target: 'java', client: 'nethttp' },
  { id: 'go', label: 'Go', target: 'go', client: 'native' },
  { id: 'php', label: 'PHP (cURL)', target: 'php', client: 'curl' },
] as const;

export type SnippetId = (typeof SNIPPET_TARGETS)[number]['id'];

/** `GET https://school.example/api/appointments?…` (the proxy's `meta.request`) as code in one language. */
export function snippet(request: string, id: SnippetId): string {
  const url = request.replace(/^GET\s+/, '').trim();
  const target = SNIPPET_TARGETS.find((t) => t.id === id)!;
  const built = new HTTPSnippet({
    method: 'GET',
    url,
    headers: [
      { name: 'Authorization', value: `Bearer ${TOKEN_PLACEHOLDER}` },
      { name: 'Accept', value: 'application/json' },
    ],
  } as never).convert(target.target as never, target.client);
  return Array.isArray(built) ? built.join('\n') : built || '';
}
