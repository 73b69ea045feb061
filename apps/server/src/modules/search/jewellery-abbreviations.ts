/**
 * Short forms buyers type for jewellery that operators tag in full (钻戒 for a diamond ring tagged
 * 钻石 + 戒指). Without them the most common search of the trade finds nothing on a catalogue
 * whose keywords are the full words. A short form is used only while no material carries it as a
 * keyword: once one does, the word is matched as typed, like any keyword (keyword-vocabulary.ts).
 * The values are spelt from the trade's usual keywords; the vocabulary then splits them into the
 * catalogue's own.
 */
export const JEWELLERY_ABBREVIATIONS: Readonly<Record<string, string>> = {
  钻戒: '钻石戒指',
  钻链: '钻石项链',
  钻坠: '钻石吊坠',
  钻耳: '钻石耳环',
  金戒: '黄金戒指',
  金链: '黄金项链',
  金镯: '黄金手镯',
  金坠: '黄金吊坠',
  银戒: '银戒指',
  银链: '银项链',
  银镯: '银手镯',
  玉镯: '玉手镯',
  玉坠: '玉吊坠',
  翠镯: '翡翠手镯',
  翠坠: '翡翠吊坠',
  铂戒: '铂金戒指',
  珠链: '珍珠项链',
};

/** The full words a typed word stands for, when it is one of the short forms. */
export function expansionOf(word: string): string | undefined {
  return Object.hasOwn(JEWELLERY_ABBREVIATIONS, word) ? JEWELLERY_ABBREVIATIONS[word] : undefined;
}
