import { PAGE_SIZE, VALIDATION_MESSAGES } from '@sodalis/contracts';
import { data, redirect, useSearchParams } from 'react-router';
import type { Route } from './+types/area-riservata';
import { RESERVED_COPY } from '../copy/reserved';
import { pageMeta } from '../format/meta';
import { FeaturedNews } from '../features/news/featured-news';
import { SignInPage, signInHelpEmail, type SignInRefusal } from '../features/accounts/sign-in-page';
import {
  clearedSessionCookie,
  firstPasswordChange,
  homeWithoutScripts,
  RETURN_PARAM,
  safeReturnPath,
  sessionCookie,
  sessionCookieToken,
  userOfToken,
} from '../shared/session/session';

/**
 * The sign-in form posted without scripts (ADR 022): the server signs in with the API's rules
 * and hands the session over in a cookie; a first sign-in goes to the password change as with
 * scripts (spec §4). Two-factor accounts need the scripted form (the code's step). A page of
 * this site named by `ritorno` (the dues panel's "Accedi", ADR 030) is where a sign-in leads.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const username = String(form.get('username') ?? '').trim();
  const result = await context.signIn.login({
    username,
    password: String(form.get('password') ?? ''),
  });
  const answer = result.ok ? result.answer : null;
  if (answer?.passwordChanged && answer.token) {
    const secure = new URL(request.url).protocol === 'https:';
    const back = new URL(request.url).searchParams.get(RETURN_PARAM);
    return redirect(homeWithoutScripts(answer.token, back), {
      headers: { 'set-cookie': sessionCookie(answer.token, secure) },
    });
  }
  if (answer && !answer.passwordChanged && answer.resetToken) {
    return redirect(
      firstPasswordChange(
        answer.resetToken,
        answer.username,
        new URL(request.url).searchParams.get(RETURN_PARAM),
      ),
    );
  }
  const error = answer?.twoFactorRequired
    ? RESERVED_COPY.twoFactorNeedsScripts
    : !result.ok && result.status === 400
      ? VALIDATION_MESSAGES.email
      : !result.ok && (result.status === 429 || result.status === 503)
        ? result.message
        : RESERVED_COPY.genericFailure;
  return data<SignInRefusal>({ error, username }, { status: result.ok ? 200 : result.status });
}

/** The sign-in page (spec §2.7): featured news and the secretariat's address beside the form. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // "Esci" without scripts (ADR 022): the session cookie goes; with a session, spec §4's
  // redirect to the reserved home happens here too.
  const token = sessionCookieToken(request.headers.get('cookie'));
  if (new URL(request.url).searchParams.has('esci')) {
    if (token !== null) await context.signIn.logout(token);
    throw redirect(
      '/area-riservata',
      token === null ? undefined : { headers: { 'set-cookie': clearedSessionCookie() } },
    );
  }
  if (token !== null && userOfToken(token) !== null)
    throw redirect(homeWithoutScripts(token, new URL(request.url).searchParams.get(RETURN_PARAM)));
  const [featured, contents] = await Promise.all([
    context.content.listArticles({
      paginated: true,
      inEvidenza: true,
      dataOffset: String(PAGE_SIZE.featuredNews),
    }),
    context.content.siteContents(['contatti']),
  ]);
  const contacts = contents[0]?.chiave === 'contatti' ? contents[0].contenuto : null;
  return {
    acronym: context.society.acronym,
    featured: featured.items,
    helpEmail: signInHelpEmail(contacts),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Area riservata',
    description: 'Accesso all’area riservata per Soci e Affiliati.',
  });

export default function LoginPage({ loaderData }: Route.ComponentProps) {
  const returnTo = safeReturnPath(useSearchParams()[0].get(RETURN_PARAM));
  return (
    <SignInPage
      acronym={loaderData.acronym}
      featured={<FeaturedNews articles={loaderData.featured} societyAcronym={loaderData.acronym} />}
      helpEmail={loaderData.helpEmail}
      returnTo={returnTo}
      leavesWithSession
    />
  );
}
