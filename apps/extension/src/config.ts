import type { ExtensionConfig } from '../pack/pack.ts';

let loaded: Promise<ExtensionConfig> | null = null;

/** The site this copy of the extension works for (written into it by its build or its download, PX10). */
export function siteConfig(): Promise<ExtensionConfig> {
  loaded ??= fetch(chrome.runtime.getURL('config.json')).then((r) => r.json() as Promise<ExtensionConfig>);
  return loaded;
}
