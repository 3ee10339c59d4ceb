//go:build race

package backend

// raceEnabled: a race-instrumented fake backend needs over a second to exit.
const raceEnabled = true
