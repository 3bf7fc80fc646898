/** IndexedDB for Dexie in node: fake-indexeddb installs the globals before any test file loads. */
import 'fake-indexeddb/auto';
