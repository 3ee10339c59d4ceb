//go:build linux && (amd64 || ppc64 || ppc64le || s390x || mips64 || mips64le)

package rawio

import "syscall"

// sysFstatat is the fstatat(2) whose struct is syscall.Stat_t here.
const sysFstatat = syscall.SYS_NEWFSTATAT
