'use client';

import { urlList } from '@/lib/browser/url-list.client';

/** The explorer's last 20 requests per connection, in this browser: each URL runs it again. */
export const explorerHistory = urlList('explorer-history', 20);
