// Small grammar repairs shared by the offline writer and its reviser: articles that agree with the
// next word, and a sentence that starts with a capital after its first words were cut.

const VOWEL_LETTER = /^[aeiou]/i;
/** Words that start with a vowel letter and a "y" or "w" sound, or with a silent "h". */
const CONSONANT_SOUND = /^(?:one|once|use|usu|uni|eu|ur[aeiou])/i;
const SILENT_H = /^(?:hour|honest|honou?r)/i;
/** "a" or "an" as the following word is said: "a useful", "an hour". Acronyms keep the article they came with. */
export function fixArticles(text: string): string {
  return text.replace(/\b([Aa]n?) ([\w'’-]+)/g, (whole, article: string, word: string) => {
    if (/^[A-Z0-9]{2,}\b/.test(word)) return whole;
    const vowel = (VOWEL_LETTER.test(word) && !CONSONANT_SOUND.test(word)) || SILENT_H.test(word);
    const wanted = vowel ? "an" : "a";
    if (article.toLowerCase() === wanted) return whole;
    return `${article[0] === "A" ? "A" : "a"}${wanted.slice(1)} ${word}`;
  });
}

/** The first letter after any markdown or quote marks, in upper case. */
export function capitalizeSentence(text: string): string {
  return text.replace(/^([\s*_"“'‘(]*)(\p{Ll})/u, (_, marks: string, letter: string) => marks + letter.toUpperCase());
}
