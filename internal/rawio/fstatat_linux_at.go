//go:build linux && (arm64 || riscv64)

package rawio

import "syscall"

// sysFstatat is the fstatat(2) whose struct is syscall.Stat_t here (these
// architectures have no newfstatat).
const sysFstatat = syscall.SYS_FSTATAT
