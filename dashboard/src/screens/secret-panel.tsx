import { useEffect, useRef, useState } from 'preact/hooks';
import type { ApiKey } from '../types.js';

/** Props of {@link SecretPanel}. */
export interface SecretPanelProps {
  title: string;
  secret: string;
  apiKey: ApiKey;
  onUseKey: (secret: string) => void;
  onDismiss: () => void;
}

/**
 * Shows a key's secret, the only time the gateway ever returns it: a Copy button (the clipboard, or else the text
 * selected for the reader to copy), a clear warning, and a shortcut to browse sessions with the key.
 */
export function SecretPanel({ title, secret, apiKey, onUseKey, onDismiss }: SecretPanelProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const code = useRef<HTMLElement>(null);
  const [copyStatus, setCopyStatus] = useState('');

  useEffect(() => heading.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopyStatus('Copied to the clipboard.');
    } catch {
      // No clipboard (plain http, or permission refused): select the text so a keyboard copy takes it.
      const selection = getSelection();
      if (code.current && selection) selection.selectAllChildren(code.current);
      setCopyStatus('The key is selected: press Ctrl+C (⌘C on a Mac) to copy it.');
    }
  }

  return (
    <section class="card secret-panel" aria-labelledby="secret-title" data-testid="secret-panel">
      <h2 id="secret-title" tabIndex={-1} ref={heading}>
        {title}
      </h2>
      <p class="warning">
        <strong>Copy this key now: you won't see it again.</strong> The gateway keeps only a hash of it.
      </p>
      <p>
        {apiKey.env} key, plan {apiKey.plan}, account <code>{apiKey.account}</code>
      </p>
      <div class="secret-row">
        <code class="secret" data-testid="created-secret" ref={code}>
          {secret}
        </code>
        <button type="button" data-testid="copy-secret" aria-label="Copy key" onClick={copy}>
          Copy
        </button>
      </div>
      <p role="status" class="hint">
        {copyStatus}
      </p>
      <div class="actions">
        <button type="button" data-testid="use-key" onClick={() => onUseKey(secret)}>
          Use this key to browse sessions
        </button>
        <button type="button" class="secondary" data-testid="dismiss-secret" onClick={onDismiss}>
          I have saved it
        </button>
      </div>
    </section>
  );
}
