import { Link } from "react-router";
import { PAGE_ROUTES } from "../../../shared/routes";
import { Button } from "../../components/ui/button";
import { useAuth } from "../auth/auth-context";

export function HomePage() {
  const { user, openSignIn } = useAuth();
  return (
    <section className="mx-auto max-w-3xl space-y-6 py-8 text-center">
      <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
        Blog drafts that read like you wrote them
      </h1>
      <p className="text-lg text-slate-700">
        Describe a post in one sentence. Draftsmith writes the draft, flags the sentences that sound machine-made, helps
        you fix them and hands you publish-ready HTML for WordPress or Shopify.
      </p>
      <div className="flex justify-center gap-3">
        {user ? (
          <Button asChild size="lg">
            <Link to={PAGE_ROUTES.generate}>Start writing</Link>
          </Button>
        ) : (
          <Button size="lg" onClick={() => openSignIn("signup")}>
            Get started free
          </Button>
        )}
        <Button asChild size="lg" variant="outline">
          <Link to={PAGE_ROUTES.promptingGuide}>Read the prompting guide</Link>
        </Button>
      </div>
    </section>
  );
}
