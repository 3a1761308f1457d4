// What the batch screens show to a visitor: what batches are, and a way in.
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card";
import { useAuth } from "../auth/auth-context";

export function BatchesSignedOut() {
  const { openSignIn } = useAuth();
  return (
    <Card className="mx-auto max-w-xl">
      <CardHeader>
        <h1 className="text-lg font-semibold leading-tight text-slate-900">Batches</h1>
        <CardDescription>Sign in to write many checked, SEO-ready drafts from a list of topics.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button onClick={() => openSignIn("signin")}>Sign In</Button>
      </CardContent>
    </Card>
  );
}
