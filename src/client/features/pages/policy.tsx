import { Card, CardContent } from "../../components/ui/card";

const SECTIONS: { title: string; body: string[] }[] = [
  {
    title: "1. Who may use Draftsmith",
    body: [
      "You must be at least 18 years old to create an account or use Draftsmith. By signing up you confirm that you are, and that you have the authority to accept this policy for yourself or for the business you represent.",
    ],
  },
  {
    title: "2. Drafts are first drafts",
    body: [
      "Everything Draftsmith writes is a first draft: a starting point for your own editing, not a finished article. Models can be wrong, out of date or confidently mistaken. You decide what is published under your name.",
    ],
  },
  {
    title: "3. Your responsibility for originality and facts",
    body: [
      "You are responsible for checking each draft for plagiarism before you publish it, with a plagiarism checker of your choice.",
      "You are responsible for fact-checking every claim, figure, quotation, date and name in a draft. Draftsmith does not verify facts, and its AI detection score says nothing about whether a statement is true.",
    ],
  },
  {
    title: "4. Attribution",
    body: [
      "When you publish text that Draftsmith helped to write, you must disclose that AI assistance was used, in a way that fits where you publish (for example a note at the end of the post or on your editorial policy page). Attribution is mandatory; it is also how readers keep their trust in you.",
    ],
  },
  {
    title: "5. Prohibited uses",
    body: [
      "You may not use Draftsmith to create content that is unlawful, defamatory, harassing, hateful or sexually explicit; that infringes anyone's copyright, trademark or privacy; that impersonates a real person or organisation; that spreads medical, legal or financial misinformation; or that is meant to deceive, such as fake reviews, fake testimonials, spam or content farms.",
      "You may not try to break, overload, reverse-engineer or get around Draftsmith's limits, credit system or security, or resell access without our written agreement.",
    ],
  },
  {
    title: "6. Third-party AI services",
    body: [
      "Drafts, revisions and checks are produced with third-party AI services (such as OpenAI and Anthropic models and AI-detection services). The text you submit is sent to those services to produce your results and is handled under their terms and privacy policies as well as ours. Do not submit confidential or personal data that you are not allowed to share with them.",
      "Those services can change, slow down or become unavailable. We will tell you when a step fails and we do not charge credits for work that fails.",
    ],
  },
  {
    title: "7. Credits and payments",
    body: [
      "Credits are bought in packages or granted by us as bonuses. Credits do not expire. Each AI step uses credits according to the work it does; the Billing page shows every transaction and every use.",
    ],
  },
  {
    title: "8. Limitation of liability",
    body: [
      "Draftsmith is provided as is. To the fullest extent the law allows, we are not liable for indirect, incidental or consequential losses, lost profits or lost data arising from your use of Draftsmith or of content it produced.",
      "Our total liability to you for any claim is capped at the amount you paid us in the 12 months before the event that gave rise to the claim.",
    ],
  },
  {
    title: "9. Indemnification",
    body: [
      "You agree to indemnify and hold harmless Draftsmith and its team against claims, losses and costs (including reasonable legal fees) arising from the content you publish, your breach of this policy, or your violation of anyone else's rights.",
    ],
  },
  {
    title: "10. Governing law",
    body: [
      "This policy is governed by the laws of the Commonwealth of Massachusetts, United States, without regard to its conflict-of-law rules. Disputes are heard by the courts located in Massachusetts.",
    ],
  },
  {
    title: "11. Changes",
    body: [
      "We may update this policy. When the changes are material we will tell you in the app before they take effect.",
    ],
  },
];

export function PolicyPage() {
  return (
    <article className="mx-auto max-w-3xl space-y-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">User policy</h1>
        <p className="text-slate-600">The rules for using Draftsmith, in plain words. Last updated November 2026.</p>
      </header>
      <Card>
        <CardContent className="prose-draft space-y-2 pt-5">
          {SECTIONS.map((s) => (
            <section key={s.title} aria-labelledby={slug(s.title)}>
              <h2 id={slug(s.title)}>{s.title}</h2>
              {s.body.map((p) => (
                <p key={p.slice(0, 24)}>{p}</p>
              ))}
            </section>
          ))}
        </CardContent>
      </Card>
    </article>
  );
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-");
