//go:build !unix

package atomicfile

func readOnlyFS(string) bool { return false }
