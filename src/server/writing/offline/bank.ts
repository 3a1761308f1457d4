// The offline writer's plain sentences: advice that reads correctly whatever fills its slots.
// {focus} is a noun phrase with its own determiner ("your costs", "the first change"), never the
// subject of a verb that would have to agree with it; {who} is the audience and only used when the
// brief names one; {n} {weeks} {day} are filled from the seed.

export const GENERAL: readonly string[] = [
  "Start with {focus}, because it's the part most people rush.",
  "Give {focus} {n} minutes on {day} and write down what you changed.",
  "If you only fix one thing this week, make it {focus}.",
  "Look at {focus} the way a newcomer would. What would confuse them?",
  "Note every change to {focus}, with the date next to it.",
  "Small, regular adjustments to {focus} beat one big overhaul every six months.",
  "Work on {focus} won't fix everything on its own. It does make the rest easier.",
  "Unsure? Pick the simpler option for {focus} and revisit it in {weeks} weeks.",
  "Give any change to {focus} at least {weeks} weeks before you judge it.",
  "Skip the jargon when you think about {focus}; plain words lead to plain decisions.",
  "If part of {focus} is out of date, fix it before adding anything new.",
  "Put a reminder in your calendar for the first {day} of each month to review {focus}.",
  "Most of the gain from {focus} comes from regular work, not clever work.",
  "Here's a quick way in: pick one part of {focus} and change it today.",
  "Someone who already handles {focus} well is worth half an hour of your time. Note what they do, then adapt it.",
  "Be honest with yourself about {focus}. The gap between what you planned and what you did is where the lessons are.",
  "Not sure whether the work on {focus} is helping? Compare this month with last month, using the same measure.",
  "You don't need special software for {focus}; a spreadsheet and a calendar are enough.",
  "Treat {focus} as a habit, not a project.",
  "A useful rule of thumb for {focus}: if a task takes more than {n} minutes, break it into two.",
  "Expect a few false starts with {focus}. Most of them cost nothing but time.",
  "Ask someone you trust to look at {focus}. Their first reaction is the useful part.",
  "When a task on {focus} is done, tick it off and move on. Perfect isn't the aim.",
  "Don't change {focus} and everything else at once; you won't know which change helped.",
  "It's tempting to hand {focus} to someone else. Do it yourself once, so you know what good looks like.",
  "Write the steps for {focus} on one page, so a helper can pick them up.",
  "Budget {n} minutes a week for {focus} and protect that time like an appointment.",
  "Some weeks the work on {focus} will feel pointless. Keep going anyway; results tend to arrive in a lump, not a line.",
  "A short list for {focus} saves you from doing the same work every month.",
  "Don't wait for perfection on {focus} before you start.",
  "Try one new idea for {focus} each month. Drop it if it hasn't helped after {weeks} weeks.",
  "Look back at {focus} after {weeks} weeks and ask what you'd do again.",
  "If other people are involved, agree who owns {focus}. Shared jobs tend to become nobody's job.",
  "For {who}, getting {focus} right rarely takes money. It takes attention.",
  "Save your best examples of {focus} in one folder. You'll reuse them.",
  "You'll get better at {focus} quickly. The first round is always the slowest.",
  "Getting {focus} right makes every other part of the job easier to manage.",
  "Write down what you expect from {focus}, then check it against what happens.",
  "If advice about {focus} sounds too neat, test it on a small scale first.",
  "Ask two people who've done this before what they'd change about {focus}.",
  "Most {who} underestimate the work on {focus}. Double your first estimate.",
  "A few minutes on {focus} every {day} adds up faster than a long session once a quarter.",
  "Stuck on {focus}? Ask what the smallest useful next action is, and do only that.",
  "Numbers help with {focus}. Pick one you can count without special tools.",
  "Notice which part of {focus} you keep putting off. That's where the problem sits.",
  "Don't compare your first attempt at {focus} with someone else's tenth.",
  "When the work on {focus} pays off, write down why.",
  "A rough version of {focus} this week beats a polished one next quarter.",
  "Plenty of {who} get {focus} wrong at first. That's normal.",
  "Decide in advance what would make you stop or change course on {focus}.",
  "Keep the paperwork for {focus} in one place, ready for when something needs checking.",
];

/** Short sentences that break up the rhythm after a long one, as people write. */
export const FRAGMENTS: readonly string[] = [
  "Small steps.",
  "Worth it.",
  "Simple, but it works.",
  "No shortcuts here.",
  "That's the whole trick.",
  "Easy to skip. Don't.",
];

/** Advice for things briefs often ask to cover; {item} is the thing as the brief named it. */
export const ITEM_TIPS: readonly { match: RegExp; tips: readonly string[] }[] = [
  {
    match: /photo|picture|image/,
    tips: [
      "Use real photos taken in daylight rather than stock images; people can tell the difference at a glance.",
      "Add a few new {item} every month, so the newest one is never more than a few weeks old.",
      "Name each file with what it shows before you upload it.",
    ],
  },
  {
    match: /review|rating|testimonial/,
    tips: [
      "Ask for {item} when the customer is happiest, usually right after a good experience.",
      "Reply to every one of your {item}, including the critical ones, within a couple of days.",
      "A printed card with a QR code near the till makes asking for {item} feel less awkward.",
    ],
  },
  {
    match: /price|pricing|cost|budget|fee/,
    tips: [
      "Write down every cost, including the small recurring ones, before you compare anything.",
      "Check current {item} yourself [verify: today's prices from the provider or supplier]; figures in older articles go stale quickly.",
      "If {item} vary, work out a typical range and note what moves it up or down.",
    ],
  },
  {
    match: /tool|app|software/,
    tips: [
      "Start with the {item} you already have; most people need fewer than they think.",
      "Try any new option for a week on real work before you pay for it.",
      "List what each of your {item} is for, and cancel anything you haven't opened in a month.",
    ],
  },
  {
    match: /email|newsletter/,
    tips: [
      "Send {item} on a regular schedule, even if it's only once a month.",
      "Keep each of your {item} to one main message with one link.",
    ],
  },
];

/** For an item no tip above knows. */
export const ITEM_GENERIC: readonly string[] = [
  "Start by looking at the {item} you already have; most people have more to work with than they think.",
  "Set a simple rule for {item} and stick to it for {weeks} weeks before you change it.",
  "Here's how to handle {item} without turning it into a second job.",
];

/** Bullets for "Mistakes to avoid": a bold name, then what to do instead. */
export const MISTAKES: readonly string[] = [
  "**Changing everything at once.** If you change five things in one week, you'll never know which one helped.",
  "**Leaving the setup half finished.** A half-finished setup causes more trouble than none, because you stop trusting it.",
  "**Never looking at the numbers.** Guessing feels faster than checking, but it sends months of effort to the wrong place.",
  "**Copying someone else's plan word for word.** Borrow the idea, not the details.",
  "**Giving up after two weeks.** Most changes take a month or more to show up; set a review date before you start.",
  "**Forgetting the small recurring costs.** Add them up for a year before you decide.",
];
