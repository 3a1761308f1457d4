import { Card, CardContent, CardHeader } from "../../components/ui/card";

export function ComingSoon({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <Card className="mx-auto max-w-2xl">
      <CardHeader>
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      </CardHeader>
      <CardContent className="text-slate-700">{children ?? <p>This screen is coming soon.</p>}</CardContent>
    </Card>
  );
}
