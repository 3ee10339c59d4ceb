//go:build !unix

package allow

// OtherOwner is unix's only: Windows has no uid to compare.
func OtherOwner(file string, ours ...int) (who, what string) { return "", "" }

// Me is unix's only.
func Me() string { return "" }
