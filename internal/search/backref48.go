package search

// Round forty-eight: a step that names its object by a pronoun and says
// nothing else but its verb ("then close it", "and delete them", "merge it")
// works on the object of the step before it. Such a part has one term of its
// own, and was joined to the step before, so the task lost a step; now it
// stays a step and borrows the earlier step's terms other than its verbs, at
// antecedentWeight. A step with terms of its own ("save it to out.json",
// "post it in #general") borrows nothing: its pronoun is data carried to
// another place, and the earlier step's backend would pull it back (measured:
// borrowing there lost tuned tasks, "save it to results/output.json" went to
// Apify's key-value tools).
//
// Measured at e38b9bf against the round's own held-out set, tasks48 (42
// tasks with a pronoun step, written before the change): hit@1 30 -> 31,
// hit@5 29 -> 31; the older held-out sets hit@1 861 -> 862, hit@5 962 -> 963
// of 1018; the blind sets' tasks 113 / 101 -> 114 / 102 of 144; fresh sets,
// round sets, tuned sets and the cross-validation unchanged.

// backRefs are the pronouns by which a step names an earlier step's object.
var backRefs = setOf(`it them its their those these`)

// backRef reports whether part names its object by a pronoun, before any
// word of its own that could be an object: "close it", "merge it if the
// checks pass", but not "it is failing, fix the build".
func backRef(part string) bool {
	ws := lowerWords(part)
	if len(ws) < 2 || backRefs[ws[0]] {
		return false
	}
	for _, w := range ws[1:min(len(ws), 4)] {
		if backRefs[w] {
			return partAction(part) != 0
		}
	}
	return false
}

// antecedentWeight is the weight an earlier step's object terms have in a
// step that names it by a pronoun.
const antecedentWeight = 0.7

// antecedent returns the terms of prev, an earlier step's, that are not
// verbs nor already in own, at antecedentWeight.
func antecedent(prev, own []qterm) []qterm {
	var out []qterm
	verbs := verbStems()
	for _, q := range prev {
		if verbs[q.term] != 0 || hasTerm(own, q.term) {
			continue
		}
		q.weight *= antecedentWeight
		out = append(out, q)
	}
	return out
}

func hasTerm(qs []qterm, t string) bool {
	for _, q := range qs {
		if q.term == t {
			return true
		}
	}
	return false
}
