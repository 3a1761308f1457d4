// The landing page's quick starters (spec §2): three chips, each cycling through five sample prompts
// written the way the prompting guide teaches (document type + topic + reader + outcome, one sentence).

export type QuickStarterId = "prompt" | "guide" | "explain";

export interface QuickStarter {
  id: QuickStarterId;
  label: string;
  /** What the chip does, for its accessible description. */
  hint: string;
  prompts: readonly [string, string, string, string, string];
}

export const QUICK_STARTERS: readonly QuickStarter[] = [
  {
    id: "prompt",
    label: "Prompt",
    hint: "A general blog post brief",
    prompts: [
      "Blog post for owners of small bakeries on how to price custom celebration cakes so every order covers ingredients, labour and a fair profit.",
      "Blog post for first-time landlords explaining what to check before signing a tenant, so they avoid the three mistakes that cost the most money.",
      "Blog post for physiotherapy clinics on why patients drop out of treatment after the third visit and what the front desk can do to keep them coming back.",
      "Blog post for independent bookshop owners on running a monthly author event that sells books instead of just filling chairs.",
      "Blog post for HR managers at 50–200 person companies on writing a remote-work policy that staff actually read and follow.",
    ],
  },
  {
    id: "guide",
    label: "Guide",
    hint: "A step-by-step how-to guide",
    prompts: [
      "Step-by-step guide for homeowners on preparing a garden bed in autumn so vegetables can go straight in next spring.",
      "How-to guide for freelance designers on writing a project proposal that wins the job without giving the design away for free.",
      "Step-by-step guide for Shopify store owners on setting up abandoned-cart emails that recover sales without annoying customers.",
      "How-to guide for parents of teenagers on setting up a first bank account and teaching a weekly budget that sticks.",
      "Step-by-step guide for restaurant managers on building a staff rota that cuts overtime while keeping weekend service fully covered.",
    ],
  },
  {
    id: "explain",
    label: "Explain",
    hint: "An explainer that answers one question",
    prompts: [
      "Explainer for small-business owners on what a heat pump costs to run compared with a gas boiler, so they can decide whether to switch this year.",
      "Explainer for new runners on why easy runs should feel slow and how that builds speed for a first 10K.",
      "Explainer for marketing managers on what first-party data is and how to start collecting it before third-party cookies disappear.",
      "Explainer for retirees on how required minimum distributions work and how to plan withdrawals to keep their tax bill down.",
      "Explainer for startup founders on the difference between a SAFE and a convertible note, so they can choose one for their first funding round.",
    ],
  },
];

/** The textarea's default: a good prompt, shown so people see the shape of one. */
export const DEFAULT_PROMPT =
  "Blog post for owners of independent coffee shops on how to build a loyalty program that brings regulars back twice a week, with the costs, the tools and the mistakes to avoid.";

/** The prompt a chip shows on its n-th click (0-based), cycling through its five. */
export function starterPrompt(starter: QuickStarter, clicks: number): string {
  return starter.prompts[clicks % starter.prompts.length];
}
