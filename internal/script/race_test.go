//go:build race

package script

// slowFactor scales the time limits of the tests that run QuickJS hard:
// the engine is C compiled to Go, and the race detector instruments every
// access it makes (JSON.stringify of a value nested 5,000 deep takes 0.5 s
// without it, 28 s with it).
const slowFactor = 4
