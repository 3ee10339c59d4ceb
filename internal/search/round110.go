package search

// Round 110: the learned table from every set held out before the newest
// batches (learnedgen's heldOut, learned.go), the rules that ask whether a
// backend's tools say a word reading only what more than one request
// taught (learnedRepeated), and a change asked of a product that only
// reads, named or by its category (readOnlyUndone, ownChangeVerbs).

// r110Off switches round 110's rules off, for tests measuring them.
var r110Off = false
