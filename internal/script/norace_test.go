//go:build !race

package script

const slowFactor = 1
