import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { PAGE_ROUTES } from "../../../shared/routes";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id={id}>{title}</CardTitle>
      </CardHeader>
      <CardContent className="prose-draft" aria-labelledby={id}>
        {children}
      </CardContent>
    </Card>
  );
}

const SAMPLES: { field: string; prompt: string }[] = [
  {
    field: "Service businesses",
    prompt:
      "How-to guide for homeowners in older houses who want to know whether their wiring needs replacing before they renovate a kitchen, so they can budget for it.",
  },
  {
    field: "E-commerce",
    prompt:
      "Buying guide for trail runners choosing their first pair of waterproof shoes, so they can tell which features matter on muddy winter trails and which are marketing.",
  },
  {
    field: "SaaS",
    prompt:
      "Explainer for finance managers at 20–50 person companies on how to close the month two days faster by automating expense approvals, with the steps in order.",
  },
  {
    field: "Content marketing",
    prompt:
      "Checklist post for solo bloggers who want to refresh old posts that lost traffic, so they can decide which to update, merge or delete this quarter.",
  },
];

export function PromptingGuidePage() {
  return (
    <article className="mx-auto max-w-3xl space-y-6">
      <Button asChild variant="ghost" className="-ml-3">
        <Link to={PAGE_ROUTES.home}>
          <ArrowLeft /> Back to Home
        </Link>
      </Button>
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Prompting guide</h1>
        <p className="text-slate-600">
          How to describe a post in one sentence so the first draft is close to what you would have written yourself.
        </p>
      </header>

      <Section id="one-sentence-rule" title="The One-Sentence Rule">
        <p>
          Describe the post in one sentence that says who is reading and what they want to get done. A good prompt is
          the reader's intent, not a list of keywords:{" "}
          <em>document type + topic or question + the reader + the outcome</em>.
        </p>
        <p>If you can't fit it in one sentence, you probably have two posts. Write the one your reader needs first.</p>
      </Section>

      <Section id="choosing-your-model" title="Choosing Your Model">
        <p>Draftsmith offers two models. Pick by the length of the post you want:</p>
        <ul>
          <li>
            <strong>GPT-5 (short form)</strong>: sticks closer to the word count and uses fewer tokens, so it costs
            fewer credits. Best for posts up to about 1,200 words, product descriptions and updates.
          </li>
          <li>
            <strong>Claude Sonnet 4 (long form)</strong>: writes in depth and can search the web. It usually writes
            about twice the word count you ask for and uses more tokens. Best for pillar pages and long guides.
          </li>
        </ul>
      </Section>

      <Section id="revision-trap" title="The Revision Trap">
        <p>
          Asking the short-form model to "make it better" or "make it more engaging" triggers flowery storytelling:
          anecdotes nobody asked for, dramatic openings and padded sentences. Instead, ask for a revision according to
          the PROSE guidelines: use Revise Content on the flagged sentences, or the Final Rewrite, which keep your facts
          and structure and change only how the text reads.
        </p>
      </Section>

      <Section id="essential-elements" title="Essential Prompting Elements">
        <ol>
          <li>
            <strong>Lead with intent.</strong> Start with what the reader is trying to do: "How-to guide for…",
            "Comparison of… so that…".
          </li>
          <li>
            <strong>Define the audience precisely.</strong> "Owners of independent bakeries with one shop" beats "small
            businesses".
          </li>
          <li>
            <strong>Specify the outcome.</strong> Say what the reader can do after reading: choose, fix, budget, decide.
          </li>
        </ol>
      </Section>

      <Section id="sample-prompts" title="Sample Prompts That Work">
        <dl className="space-y-3">
          {SAMPLES.map((s) => (
            <div key={s.field}>
              <dt className="font-semibold text-slate-900">{s.field}</dt>
              <dd className="mt-1 rounded-md bg-slate-50 p-3 text-slate-700">{s.prompt}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section id="common-mistakes" title="Common Prompting Mistakes">
        <ul>
          <li>
            <strong>Too vague:</strong> "Write about marketing." There is no reader and no outcome, so the draft is
            generic.
          </li>
          <li>
            <strong>Feature-focused:</strong> "Our app has 12 integrations and dark mode." Readers search for problems,
            not feature lists: write about the problem the features solve.
          </li>
          <li>
            <strong>Keyword stuffing:</strong> "best cheap running shoes best running shoes 2026 cheap." Put one focus
            keyphrase in the SEO Keywords field; the draft and the SEO HTML place it where it counts.
          </li>
        </ul>
      </Section>

      <Section id="pro-tips" title="Pro Tips">
        <ul>
          <li>State constraints: length ("about 900 words"), region ("for UK readers"), what to leave out.</li>
          <li>
            Use Additional Context for facts only you know: prices, your process, a customer story, links to include.
          </li>
          <li>Set the current date so the draft doesn't describe last year as the future.</li>
          <li>Run AI detection, revise only the flagged sentences, then read the draft aloud before publishing.</li>
        </ul>
      </Section>

      <Section id="getting-started" title="Getting Started">
        <ol>
          <li>Sign up: new accounts get welcome credits.</li>
          <li>Write your one-sentence prompt on the home page, pick a model and press Generate.</li>
          <li>Check the draft for AI-sounding sentences, revise them or run a Final Rewrite.</li>
          <li>Turn the result into SEO HTML for WordPress or Shopify and paste it into your editor.</li>
        </ol>
      </Section>

      <Section id="detection-quality" title="AI Detection and Quality Balance">
        <p>
          Our AI detector was chosen for a balance between detection accuracy and allowing natural language. A detector
          that flags every tidy sentence would push you toward awkward writing; one that flags nothing would be useless.
          Draftsmith's detector flags sentences with the habits readers notice (stock phrases, formulaic transitions,
          even rhythm) and tells you why, so you can fix them in your own voice. No detector is proof: treat its score
          as an editor's note, not a verdict.
        </p>
      </Section>
    </article>
  );
}
