import KeyRound from 'lucide-react/icons/key-round';
import { Button } from '../ui/button';
import { Card } from '../ui/card';

/** The endpoint's secret, shown this once (after creating it or rotating it): it is never shown again. */
export function SecretNotice({ url, secret, onDone }: { url: string; secret: string; onDone(): void }) {
  return (
    <Card className="border-primary p-5" role="status">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-foreground">
        <KeyRound className="h-5 w-5" aria-hidden /> Signing secret
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Copy it now for <span className="font-medium break-all text-foreground">{url}</span>: it will not be shown
        again. Verify each delivery's <code>Contrail-Webhook-Signature</code> with it.
      </p>
      <p className="mt-3">
        <code className="block rounded-md bg-subtle p-3 text-sm break-all text-foreground" aria-label="Secret">
          {secret}
        </code>
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void navigator.clipboard?.writeText(secret)}>
          Copy secret
        </Button>
        <Button size="sm" onClick={onDone}>
          I have saved it
        </Button>
      </div>
    </Card>
  );
}
