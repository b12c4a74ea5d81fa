import { Form, Link, useNavigation } from 'react-router';

/**
 * The page a newsletter e-mail link opens: a title and a text, and, while there is something to
 * do, a button that does it with a POST (opening the link alone changes nothing, so mail
 * scanners that follow links confirm or unsubscribe no one). Works without JavaScript too.
 */
export function NewsletterLinkPage({
  title,
  text,
  action,
  backHome,
  state,
}: {
  title: string;
  text: string;
  /** The button, posting to `to` (the page's own address with its token). */
  action: { label: string; to: string } | null;
  backHome: string;
  state: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  return (
    <div className="container py-5 newsletter-link-page" data-state={state}>
      <h1 className="mb-3">{title}</h1>
      <p className="lead">{text}</p>
      {action ? (
        <Form method="post" action={action.to} className="mb-4">
          <button type="submit" className="btn btn-primary btn-lg" disabled={busy}>
            {action.label}
          </button>
        </Form>
      ) : null}
      <Link to="/" className={action ? 'btn btn-link px-0' : 'btn btn-outline-primary'}>
        {backHome}
      </Link>
    </div>
  );
}

/** The `token` query parameter of a link, as given (the server checks it). */
export function linkToken(request: Request): string {
  return new URL(request.url).searchParams.get('token') ?? '';
}

/** `path?token=…`: where the page's button posts. */
export function tokenAddress(path: string, token: string): string {
  return `${path}?token=${encodeURIComponent(token)}`;
}
