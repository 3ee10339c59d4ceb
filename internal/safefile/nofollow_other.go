//go:build !unix

package safefile

// noFollow is 0 where there is no O_NOFOLLOW (Windows: making a symbolic
// link there needs a privilege or developer mode, and the Lstat after a
// failed open still names one).
const noFollow = 0
