/**
 * Answers the server wrote into the page's HTML (a `<script type="application/json"
 * id="page-data">` block, keyed by the URL of the API call that gives the same answer), so a screen
 * whose data is there shows its content in its very first render instead of asking for it once the
 * app's code has run. The server writes the shop's public data into every page, and the models
 * page's first screen into that page (apps/server/src/plugins/page-html.ts).
 *
 * Each answer serves one page load: a screen forgets it once mounted, and a later visit to the same
 * page within the app asks the server anew.
 */

import { PAGE_DATA_ELEMENT_ID } from '@shop/contracts/storefront';

let answers: Record<string, unknown> | undefined;

function pageData(): Record<string, unknown> {
  if (answers) return answers;
  answers = {};
  const text =
    typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object') answers = parsed as Record<string, unknown>;
    } catch {
      // A damaged block only means the screen asks the server, as it would without one.
    }
  }
  return answers;
}

/** The page's answer for the API call `url`, if the server wrote one into it. */
export function peekPageData<T>(url: string): T | undefined {
  return pageData()[url] as T | undefined;
}

/** Forgets the answer for `url`: from now on the screen asks the server. */
export function forgetPageData(url: string): void {
  delete pageData()[url];
}
