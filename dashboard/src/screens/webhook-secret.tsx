import { useEffect, useRef, useState } from 'preact/hooks';

/** Props of {@link WebhookSecret}. */
export interface WebhookSecretProps {
  title: string;
  secret: string;
  /** A line under the warning (the endpoint's URL, or until when the previous secret signs). */
  detail: string;
  onDismiss: () => void;
}

/**
 * Shows an endpoint's signing secret, the only time the gateway returns it: a warning, a Copy button (the clipboard,
 * or else the text selected for a keyboard copy), and a button to dismiss it.
 */
export function WebhookSecret({ title, secret, detail, onDismiss }: WebhookSecretProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const code = useRef<HTMLElement>(null);
  const [copyStatus, setCopyStatus] = useState('');

  useEffect(() => heading.current?.focus(), [secret]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopyStatus('Copied to the clipboard.');
    } catch {
      const selection = getSelection();
      if (code.current && selection) selection.selectAllChildren(code.current);
      setCopyStatus('The secret is selected: press Ctrl+C (⌘C on a Mac) to copy it.');
    }
  }

  return (
    <section
      class="card secret-panel"
      aria-labelledby="webhook-secret-title"
      data-testid="webhook-secret-panel"
    >
      <h2 id="webhook-secret-title" tabIndex={-1} ref={heading}>
        {title}
      </h2>
      <p class="warning">
        <strong>Copy this signing secret now: you won't see it again.</strong> Your receiver needs it to
        verify the <code>webhook-signature</code> header (docs/webhooks.md).
      </p>
      <p>{detail}</p>
      <div class="secret-row">
        <code class="secret" data-testid="webhook-secret" ref={code}>
          {secret}
        </code>
        <button
          type="button"
          data-testid="copy-webhook-secret"
          aria-label="Copy signing secret"
          onClick={copy}
        >
          Copy
        </button>
      </div>
      <p role="status" class="hint">
        {copyStatus}
      </p>
      <button type="button" class="secondary" data-testid="dismiss-webhook-secret" onClick={onDismiss}>
        I have saved it
      </button>
    </section>
  );
}
