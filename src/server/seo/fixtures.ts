// Test and bench fixtures for the SEO pipeline.

export const para = (n: number, topic = "Local bakeries win customers") =>
  Array.from(
    { length: n },
    (_, i) => `${topic} when their profile answers the questions people ask before they walk in, sentence ${i}.`,
  ).join(" ");

/** The acceptance script's draft (tests/acceptance/seo.mjs). */
export const ACCEPTANCE_MD = `# How Small Bakeries Win Local Customers With Google Business Profile

${para(4)}

## Set up the profile properly

${para(6)}

<script>alert('x')</script>

<img src="x" onerror="alert(1)">

## Photos that sell bread

${para(6)} [a link](javascript:alert(2)) and [a good link](https://example.com/guide).

### Daily photos

- Fresh loaves at opening
- The team at work
- Seasonal specials

## Reviews and replies

${para(5)}

| Week | Reviews |
|------|---------|
| 1 | 3 |
| 2 | 7 |

## FAQ

### How often should I post photos?

${para(2)}

### Do replies to reviews matter?

${para(2)}

## Conclusion

${para(3)}
`;

const varied = [
  "Bakers who post fresh photos every morning see more visits, because people trust what they can see.",
  "However, a profile with stale hours loses those visits quickly.",
  "For example, a shop that closes early on Mondays should say so plainly.",
  "The owner answers reviews within a day and thanks every customer by name.",
  "Then the team updates the menu when the season changes.",
  "Customers compare two or three shops before they choose one.",
  "In addition, clear directions and parking notes remove the last doubt.",
  "Most visitors read the first three reviews and skip the rest.",
];

/** Varied prose of roughly n words (deterministic). */
export function prose(nWords: number, offset = 0): string {
  const out: string[] = [];
  let count = 0;
  let i = offset;
  while (count < nWords) {
    const s = varied[i % varied.length];
    out.push(s);
    count += s.split(/\s+/).length;
    i++;
  }
  return out.join(" ");
}

/** A rich draft over the ToC threshold, with every block type and some hostile input. */
export const RICH_MD = `# Google Business Profile for Bakeries: A Complete Guide

${prose(90)} Google Business Profile matters for every bakery.

## Introduction

${prose(120, 1)}

#### Skipped level heading

${prose(110, 2)}

# A second H1 that must be demoted

${prose(130, 3)}

## Set up your Google Business Profile

${prose(140, 4)}

1. Claim the listing
2. Verify the address
   - by postcard
   - by phone
3. Add hours

> Customers trust what they can see.
>
> ${prose(20, 5)}

\`\`\`js
const hours = "7-19"; // <script>alert(1)</script>
\`\`\`

---

## Photos and reviews

${prose(150, 5)} See [our guide](/guides/photos), [Google's help](https://support.google.com/business/) and
[mail us](mailto:hello@example.com). ![A tray of croissants](https://cdn.example.com/croissants.jpg "Croissants")
![bad](javascript:alert(1)) ![data](data:image/png;base64,AAAA)

<iframe src="https://evil.example.com"></iframe>

<div style="color:red" onclick="alert(1)">styled</div>

[click](javascript:alert(2)) [data link](data:text/html;base64,PHNjcmlwdD4=) [vb](vbscript:msgbox)

### Daily photo routine

${prose(140, 6)}

| Day | Photos | Notes |
|:----|-------:|:-----:|
| Monday | 3 | bread |
| Tuesday | 5 | *cakes* |

## Frequently Asked Questions

### How often should a bakery post photos?

${prose(40, 7)}

### Do replies to reviews matter?

${prose(40, 1)}

### Ordering tips

${prose(30, 2)}

## Conclusion

${prose(140, 3)} Footnote here.[^1]

[^1]: Based on the owner's own notes.
`;
