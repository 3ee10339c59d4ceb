//go:build linux && !(amd64 || arm64 || riscv64 || ppc64 || ppc64le || s390x || mips64 || mips64le)

package rawio

import "os"

// rawStat is os.Stat where the kernel's stat struct for fstatat is not
// syscall.Stat_t (32-bit architectures use fstatat64, loong64 statx): a
// stat then enters the system-call state as any *os.File's does.
func rawStat(path string) (Info, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return Info{}, err
	}
	return Info{Size: fi.Size(), ModTime: fi.ModTime()}, nil
}
