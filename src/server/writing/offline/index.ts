// The offline writer: a deterministic sample writer that answers, free of charge and labelled as
// such, when no model key is configured (docs/prose.md, "The offline writer").
//   writeOfflineDraft(request)            a draft from the brief (./brief → ./outline → ./draft)
//   reviseOffline / finalRewriteOffline   the flagged sentences fixed in place (./reviser, ./fixes)
//   reviseTextOffline(text)               the sentences of pasted text that show a habit, fixed
export { writeOfflineDraft } from "./draft";
export { finalRewriteOffline, reviseOffline, reviseTextOffline } from "./reviser";
