import { pageConfig } from '../lib/page-config';

// Builds the overview benchmark page once (production mode, minified) into bench/.build/overview.
export default pageConfig('overview', { 'process.env': '{}' });
