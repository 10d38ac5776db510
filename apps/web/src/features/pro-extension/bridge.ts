import { proExtension } from '@marquee/contract';

const { BRIDGE } = proExtension;

/**
 * The page's side of the window messages the extension's welcome script answers (docs/domain.md
 * PX2): only messages from this window and origin, marked as the extension's, are read.
 */
export function extensionMessage(
  event: Pick<MessageEvent, 'data' | 'origin' | 'source'>,
  self: {
    origin: string;
    window: unknown;
  },
): proExtension.ExtensionMessage | null {
  if (event.source !== self.window || event.origin !== self.origin) return null;
  const data = event.data as Partial<proExtension.ExtensionMessage> | null;
  if (!data || typeof data !== 'object' || data.source !== BRIDGE.fromExtension) return null;
  if (data.type === 'present' && typeof data.version === 'string' && typeof data.install_id === 'string')
    return data as proExtension.ExtensionMessage;
  if (data.type === 'paired' && data.member && typeof data.member.id === 'number')
    return data as proExtension.ExtensionMessage;
  if (data.type === 'pair_failed' && typeof data.message === 'string')
    return data as proExtension.ExtensionMessage;
  return null;
}

export const helloMessage = (): proExtension.PageMessage => ({ source: BRIDGE.fromPage, type: 'hello' });

export const pairMessage = (
  token: string,
  member: { id: number; first: string },
): proExtension.PageMessage => ({
  source: BRIDGE.fromPage,
  type: 'pair',
  token,
  member,
});
