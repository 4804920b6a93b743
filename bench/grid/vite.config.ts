import { pageConfig } from '../lib/page-config';

// Builds the benchmark page once (production mode, minified) into bench/.build/grid.
export default pageConfig('grid');
