import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';

/** A stand-in for the tab's sessionStorage (the storefront's session lives there). */
class MemoryStorage {
  #items = new Map<string, string>();
  getItem = (key: string) => this.#items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.#items.set(key, value);
  removeItem = (key: string) => void this.#items.delete(key);
}

const storage = new MemoryStorage();
Object.assign(globalThis, { window: { sessionStorage: storage, localStorage: new MemoryStorage() } });
const { isKiosk, kioskHome, linkOnThisDevice, storeLinkBeingEntered } = await import('./kiosk.ts');

describe('links on a kiosk stay in its store', () => {
  afterEach(() => {
    for (const key of ['from_url', 'store_url']) storage.removeItem(key);
  });

  it('elsewhere every link is itself', () => {
    storage.setItem('from_url', 'false');
    storage.setItem('store_url', 'abc');
    assert.equal(isKiosk(), false);
    for (const href of ['/', '/store', '/contact', 'https://wa.me/34600000000', 'tel:+34600000000']) {
      assert.equal(linkOnThisDevice(href), href);
    }
  });

  it('on a kiosk the landing and the store selection lead to the store home; links out go nowhere', () => {
    storage.setItem('from_url', 'screen');
    storage.setItem('store_url', 'MXxzY3JlZW4');
    const home = '/store/MXxzY3JlZW4';
    assert.equal(isKiosk(), true);
    assert.equal(kioskHome(), home);
    const cases: [string, string | null][] = [
      ['/', home],
      ['/store', home],
      ['/store/', home],
      ['/welcome/OTHER', home],
      ['/store/MXxzY3JlZW4', '/store/MXxzY3JlZW4'],
      ['/models/1', '/models/1'],
      ['/contact', '/contact'],
      ['/legal', '/legal'],
      ['https://wa.me/34600000000', null],
      ['tel:+34600000000', null],
      ['mailto:hola@fundamia.example', null],
      ['//elsewhere.example/', null],
    ];
    for (const [href, target] of cases) assert.equal(linkOnThisDevice(href), target, href);
  });

  it('a store link not entered yet is locked down until its origin is known', () => {
    // The first paint of /store/{code}: the server has not said yet whether it is a kiosk's link.
    const page = '/store/MXxzY3JlZW4';
    assert.equal(storeLinkBeingEntered(page), 'MXxzY3JlZW4');
    assert.equal(kioskHome(page), page);
    assert.equal(linkOnThisDevice('tel:+34600000000', page), null);
    assert.equal(linkOnThisDevice('https://wa.me/34600000000', page), null);
    assert.equal(linkOnThisDevice('/', page), page);
    // The landing of a shared link never decodes it: a visitor's page, links and all.
    assert.equal(linkOnThisDevice('tel:+34600000000', '/welcome/MXxzY3JlZW4'), 'tel:+34600000000');
    // Entered as a visitor's link: every link is itself again.
    storage.setItem('from_url', 'false');
    storage.setItem('store_url', 'MXxzY3JlZW4');
    assert.equal(storeLinkBeingEntered(page), null);
    assert.equal(linkOnThisDevice('tel:+34600000000', page), 'tel:+34600000000');
    assert.equal(linkOnThisDevice('/', page), '/');
    // Another store's link opened later in the same tab is locked down again until entered.
    assert.equal(linkOnThisDevice('mailto:hola@fundamia.example', '/store/OTRA'), null);
    // Pages that are not store links follow the session alone.
    assert.equal(linkOnThisDevice('tel:+34600000000', '/contact'), 'tel:+34600000000');
  });
});
