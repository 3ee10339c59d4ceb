package cli

import (
	"errors"
	"flag"
	"time"
)

// pathValue is a flag naming a file: an empty value is refused. It was
// taken as the flag left out, so `switchboard add x --config "$CFG" --
// cmd` with CFG unset edited the user's own config (round 110).
type pathValue string

func (p *pathValue) String() string { return string(*p) }

func (p *pathValue) Set(s string) error {
	if s == "" {
		return errors.New(`an empty path (an unset shell variable?): give the file's path, or leave the flag out for the default`)
	}
	*p = pathValue(s)
	return nil
}

// durationValue is flag.Duration's value with an error that says what a
// duration is: Go's flag package said only "parse error", for "1000" (a
// number without its unit) as for "99999999h" (past what Go holds).
type durationValue time.Duration

func durationFlag(fs *flag.FlagSet, name string, def time.Duration, usage string) *time.Duration {
	d := def
	fs.Var((*durationValue)(&d), name, usage)
	return &d
}

func (d *durationValue) String() string { return time.Duration(*d).String() }

func (d *durationValue) Set(s string) error {
	v, err := time.ParseDuration(s)
	if err != nil {
		if durationShape().MatchString(s) {
			return errors.New("longer than a duration can be (at most 2562047h, 292 years): give a shorter one")
		}
		return errors.New("want a duration with its unit, such as 30s, 1500ms or 2m (a bare number has none)")
	}
	*d = durationValue(v)
	return nil
}
