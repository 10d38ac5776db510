// The contract's files one by one: the extension carries only what it uses.
import * as proExtension from '@marquee/contract/pro-extension';
import type { HelloAnswer, PairAnswer } from './messages.ts';

/**
 * welcome-bridge.js, on the welcome page of the extension's own site only (its manifest says where,
 * PX2): it tells the page the extension is here and hands the session the page pairs it with to
 * the background. It reads only messages from its own window and origin.
 */

const { BRIDGE } = proExtension;

type Unmarked<T> = T extends unknown ? Omit<T, 'source'> : never;

function post(message: Unmarked<proExtension.ExtensionMessage>) {
  window.postMessage({ source: BRIDGE.fromExtension, ...message }, window.location.origin);
}

async function announce() {
  const hello = (await chrome.runtime.sendMessage({ kind: 'bridge-hello' })) as HelloAnswer;
  post({ type: 'present', version: hello.version, install_id: hello.install_id, member: hello.member });
}

window.addEventListener('message', (event: MessageEvent<proExtension.PageMessage>) => {
  if (event.source !== window || event.origin !== window.location.origin) return;
  const message = event.data;
  if (!message || message.source !== BRIDGE.fromPage) return;
  if (message.type === 'hello') void announce();
  if (message.type === 'pair' && typeof message.token === 'string') {
    void (
      chrome.runtime.sendMessage({
        kind: 'bridge-pair',
        token: message.token,
        member: message.member,
      }) as Promise<PairAnswer>
    ).then((answer) =>
      post(
        answer.ok
          ? { type: 'paired', member: answer.member }
          : { type: 'pair_failed', message: answer.message },
      ),
    );
  }
});

void announce();
