// Sentences in the habits that make text read as machine-written (docs/prose.md, "The offline
// writer"). The sample writer plants a few in every draft so that a first run, with no model
// configured, shows the product's loop working: the detector flags them with its reasons, and the
// offline reviser (./fixes.ts) removes exactly those habits. Each one reads well once fixed.
export const HABITS: readonly string[] = [
  // essay connective + "plays a crucial role" + significance tail
  "Moreover, a clear plan for {focus} plays a crucial role in long-term success, highlighting the importance of consistency.",
  // essay connective + "it is important to note" + AI vocabulary
  "Furthermore, it is important to note that small changes to {focus} can have a profound impact on how people see your work.",
  // stock opener + AI vocabulary
  "In today's fast-paced world, a robust approach to {focus} is essential for anyone who wants steady results.",
  // essay connective + "delve into" + "ensures that" + significance tail
  "Additionally, taking time to delve into {focus} ensures that every decision is grounded in insight, fostering trust over time.",
  // "not only … but also" + a stock phrase + AI vocabulary
  "Ultimately, the work on {focus} is not only about saving time but also about trust, paving the way for results that resonate.",
  // essay connective + AI vocabulary + significance tail
  "Notably, a meticulous approach to {focus} showcases your commitment to quality, reflecting the values that set you apart.",
  // a stock phrase + padding list of three + effect tail + AI vocabulary
  "A well-structured plan for {focus} should be clear, concise, and comprehensive, paving the way for a seamless experience for everyone involved.",
  // a long abstract sentence with no contraction, a stock phrase and AI vocabulary
  "The most successful approaches to {focus} harness the power of meticulous planning and patient execution, and they rely on an unwavering willingness to learn from every experience along the way, which is why it is worth thinking about the whole process before you make any decisions.",
  // "embark on" + "navigate the challenges" + stacked hedges
  "Embarking on this journey may seem daunting, but with the right mindset you can navigate the challenges of {focus} with confidence.",
];
