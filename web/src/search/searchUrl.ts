import type { SearchQuery } from '@kindling/contract';
import { listParams, oneOfParam, pageParam, textParam } from '../lists/urlState.ts';

/** /search's state in the URL: the keyword, the tab (ideas unless people) and the page. */
export const searchUrl = listParams<SearchQuery>()({
  page: pageParam,
  q: textParam('q'),
  type: oneOfParam('type', ['people'], 'ideas'),
});
