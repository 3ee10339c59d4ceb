//go:build windows

package backend

import (
	"os"
	"sync"
	"syscall"
	"unsafe"

	"golang.org/x/sys/windows"
)

// exited is false: a stdio backend's exit is seen by its wait alone here.
func exited(int) bool { return false }

// sysProcAttr starts the child in a new process group.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{CreationFlags: syscall.CREATE_NEW_PROCESS_GROUP}
}

// reaperProcAttr is unused: there is no reaper outside Linux.
func reaperProcAttr() *syscall.SysProcAttr { return sysProcAttr() }

// reaperUsable is false: the reaper needs PR_SET_CHILD_SUBREAPER.
func reaperUsable([]string) bool { return false }

// jobs are the job objects of the backends we started, by process. A
// backend and every process it starts (npx's node, uvx's python) belong
// to its job: killing the job kills them all, and since the job is made
// with JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE, Windows kills them when our
// process ends and its handle is closed, even when we are killed.
var jobs = struct {
	sync.Mutex
	m map[*os.Process]windows.Handle
}{m: map[*os.Process]windows.Handle{}}

// afterStart puts the started process in a job object of its own. A
// process it started before that (in the instant after CreateProcess) is
// not in the job; without a job (it cannot be created or assigned) kill
// falls back to killing the process alone.
func afterStart(p *os.Process) {
	job, err := windows.CreateJobObject(nil, nil)
	if err != nil {
		return
	}
	info := windows.JOBOBJECT_EXTENDED_LIMIT_INFORMATION{
		BasicLimitInformation: windows.JOBOBJECT_BASIC_LIMIT_INFORMATION{LimitFlags: windows.JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE},
	}
	if _, err := windows.SetInformationJobObject(job, windows.JobObjectExtendedLimitInformation, uintptr(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info))); err != nil {
		windows.CloseHandle(job)
		return
	}
	h, err := windows.OpenProcess(windows.PROCESS_SET_QUOTA|windows.PROCESS_TERMINATE, false, uint32(p.Pid))
	if err != nil {
		windows.CloseHandle(job)
		return
	}
	defer windows.CloseHandle(h)
	if err := windows.AssignProcessToJobObject(job, h); err != nil {
		windows.CloseHandle(job)
		return
	}
	jobs.Lock()
	jobs.m[p] = job
	jobs.Unlock()
}

// terminate has no SIGTERM on Windows: the process tree is killed at once.
func terminate(p *os.Process) { kill(p) }

// kill kills the process and, through its job object, every process it
// started. Safe to call more than once.
func kill(p *os.Process) {
	jobs.Lock()
	job, ok := jobs.m[p]
	delete(jobs.m, p)
	jobs.Unlock()
	if ok {
		windows.TerminateJobObject(job, 1)
		windows.CloseHandle(job)
	}
	p.Kill()
}
