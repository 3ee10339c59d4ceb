//go:build !unix

package atomicfile

func readOnlyFS(string) bool { return false }

func notYours(string) string { return "" }

func dirFix(string) string { return "make it writable" }
