//go:build ignore

// gen writes wordnet_table.go: everyday English words mapped to the
// words tools use, taken from WordNet 3.0 (Princeton University; the licence
// is in wordnet_table.go's header and at
// https://wordnet.princeton.edu/license-and-commercial-use).
//
// Run from internal/search, with Debian's wordnet-base installed
// (apt-get install wordnet-base puts the database in /usr/share/wordnet):
//
//	go run wordnetgen/gen.go [-wn /usr/share/wordnet] [-corpus ../../testdata/corpus/servers]
//
// (It is a file of its own, not a package: package search uses no os.)
//
// The target vocabulary is the words of the corpus servers' tool names,
// titles and description leads (what tools say they do). A source word w
// maps to a target word t when, in a sense of w that is one of its most
// frequent (tagged) ones:
//   - t is in the same synset, also in one of t's first senses (a synonym:
//     "pick" -> "select", "chat" -> "talk");
//   - or t is a derivationally related form of w in that sense, in one of
//     t's first senses ("approval" -> "approve", "deletion" -> "delete");
//   - or, for verbs, t is in the synset's direct hypernym, in one of t's
//     first senses (a kind of that action: "scribble" -> "write",
//     "drive" -> "travel").
//
// Words with more than maxPolysemy senses are no source words (light verbs).
//
// Nothing is tuned to a query set: the rules are these, applied to the
// whole database.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// maxSense is how many of a word's senses (in WordNet's frequency order)
// count as its main ones; only tagged senses count at all.
const maxSense = 3

// maxPolysemy leaves out source words with more senses than this in one
// part of speech: "give", "take", "make", "get", "run" are light verbs,
// whose synonyms say nothing of what a request wants.
const maxPolysemy = 30

type synset struct {
	words []string
	hyper []string // offsets of hypernym synsets
	all   []string // every word, in order (derivation pointers number them from 1)
	deriv []deriv
}

// deriv is a derivationally related form: word src of this synset is
// related to word dst of synset pos+off ("approve" and "approval").
type deriv struct {
	src, dst int
	pos, off string
}

type sense struct {
	pos, offset string
	rank        int // 1-based, in frequency order
}

func main() {
	wn := flag.String("wn", "/usr/share/wordnet", "WordNet database directory")
	corpus := flag.String("corpus", "../../testdata/corpus/servers", "corpus server files")
	out := flag.String("out", "wordnet_table.go", "output file")
	flag.Parse()
	vocab, err := vocabulary(*corpus)
	if err != nil {
		fail(err)
	}
	synsets := map[string]synset{} // pos+offset -> synset
	senses := map[string][]sense{} // lemma -> main tagged senses
	for _, pos := range []string{"noun", "verb"} {
		p := pos[:1]
		if err := readData(filepath.Join(*wn, "data."+pos), p, synsets); err != nil {
			fail(err)
		}
		if err := readIndex(filepath.Join(*wn, "index."+pos), p, senses); err != nil {
			fail(err)
		}
	}
	isMain := func(w, pos, off string) bool {
		return slices.ContainsFunc(senses[w], func(s sense) bool { return s.pos == pos && s.offset == off })
	}
	syn := map[string]map[string]bool{}
	hyp := map[string]map[string]bool{}
	add := func(m map[string]map[string]bool, w, t string) {
		if w == t || !vocab[t] {
			return
		}
		if m[w] == nil {
			m[w] = map[string]bool{}
		}
		m[w][t] = true
	}
	for w, ss := range senses {
		for _, s := range ss {
			set := synsets[s.pos+s.offset]
			for _, t := range set.words {
				if isMain(t, s.pos, s.offset) {
					add(syn, w, t)
				}
			}
			for _, d := range set.deriv {
				if d.src < 1 || d.src > len(set.all) || set.all[d.src-1] != w {
					continue
				}
				to := synsets[d.pos+d.off]
				if d.dst >= 1 && d.dst <= len(to.all) && isMain(to.all[d.dst-1], d.pos, d.off) {
					add(syn, w, to.all[d.dst-1])
				}
			}
			if s.pos != "v" {
				continue
			}
			for _, h := range set.hyper {
				for _, t := range synsets["v"+h].words {
					if isMain(t, "v", h) {
						add(hyp, w, t)
					}
				}
			}
		}
	}
	for w, ts := range syn {
		for t := range ts {
			delete(hyp[w], t)
		}
	}
	var b strings.Builder
	b.WriteString(header)
	b.WriteString("\n// wordnetSynonyms: a word, then the tool words that share one of its main senses.\nconst wordnetSynonyms = `\n")
	writeTable(&b, syn)
	b.WriteString("`\n\n// wordnetHypernyms: a verb, then the tool words naming the action it is a kind of.\nconst wordnetHypernyms = `\n")
	writeTable(&b, hyp)
	b.WriteString("`\n")
	if err := os.WriteFile(*out, []byte(b.String()), 0o644); err != nil {
		fail(err)
	}
}

func writeTable(b *strings.Builder, m map[string]map[string]bool) {
	ws := make([]string, 0, len(m))
	for w, ts := range m {
		if len(ts) > 0 {
			ws = append(ws, w)
		}
	}
	sort.Strings(ws)
	for _, w := range ws {
		ts := make([]string, 0, len(m[w]))
		for t := range m[w] {
			ts = append(ts, t)
		}
		sort.Strings(ts)
		fmt.Fprintf(b, "%s %s\n", w, strings.Join(ts, " "))
	}
}

var plainWord = regexp.MustCompile(`^[a-z]{3,}$`)

// readData reads the synsets of one data.<pos> file.
func readData(path, pos string, out map[string]synset) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "  ") {
			continue // licence
		}
		if i := strings.Index(line, " | "); i >= 0 {
			line = line[:i]
		}
		fs := strings.Fields(line)
		if len(fs) < 4 {
			continue
		}
		n, err := strconv.ParseInt(fs[3], 16, 32)
		if err != nil {
			return fmt.Errorf("%s: synset %s: %w", path, fs[0], err)
		}
		var s synset
		k := 4
		for i := 0; i < int(n); i++ {
			w := strings.ToLower(fs[k])
			if j := strings.IndexByte(w, '('); j >= 0 {
				w = w[:j] // adjective markers
			}
			if plainWord.MatchString(w) {
				s.words = append(s.words, w)
			}
			s.all = append(s.all, w)
			k += 2
		}
		pc, err := strconv.Atoi(fs[k])
		if err != nil {
			return fmt.Errorf("%s: synset %s: %w", path, fs[0], err)
		}
		k++
		for i := 0; i < pc; i++ {
			if fs[k] == "@" && fs[k+2] == pos {
				s.hyper = append(s.hyper, fs[k+1])
			}
			if fs[k] == "+" && (fs[k+2] == "n" || fs[k+2] == "v") {
				st, err := strconv.ParseUint(fs[k+3], 16, 16)
				if err != nil {
					return fmt.Errorf("%s: synset %s: %w", path, fs[0], err)
				}
				s.deriv = append(s.deriv, deriv{src: int(st >> 8), dst: int(st & 0xff), pos: fs[k+2], off: fs[k+1]})
			}
			k += 4
		}
		out[pos+fs[0]] = s
	}
	return sc.Err()
}

// readIndex reads the main tagged senses of every plain word of one
// index.<pos> file.
func readIndex(path, pos string, out map[string][]sense) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "  ") {
			continue
		}
		fs := strings.Fields(line)
		if len(fs) < 6 || !plainWord.MatchString(fs[0]) {
			continue
		}
		pc, err := strconv.Atoi(fs[3])
		if err != nil {
			return fmt.Errorf("%s: %s: %w", path, fs[0], err)
		}
		k := 4 + pc
		tagged, err := strconv.Atoi(fs[k+1])
		if err != nil {
			return fmt.Errorf("%s: %s: %w", path, fs[0], err)
		}
		offs := fs[k+2:]
		if len(offs) > maxPolysemy {
			continue
		}
		for i := 0; i < len(offs) && i < tagged && i < maxSense; i++ {
			out[fs[0]] = append(out[fs[0]], sense{pos: pos, offset: offs[i], rank: i + 1})
		}
	}
	return sc.Err()
}

var splitWord = regexp.MustCompile(`[A-Za-z][a-z]+|[A-Z]+`)

// vocabulary returns the lowercase words of the corpus tools' names, titles
// and the first 30 words of their descriptions.
func vocabulary(dir string) (map[string]bool, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("no corpus servers in %s: %v", dir, err)
	}
	v := map[string]bool{}
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		var s struct {
			Tools []struct{ Name, Title, Description string }
		}
		if err := json.Unmarshal(b, &s); err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		for _, t := range s.Tools {
			ws := splitWord.FindAllString(t.Name+" "+t.Title, -1)
			d := splitWord.FindAllString(t.Description, -1)
			ws = append(ws, d[:min(len(d), 30)]...)
			for _, w := range ws {
				if w = strings.ToLower(w); plainWord.MatchString(w) {
					v[w] = true
				}
			}
		}
	}
	return v, nil
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "wordnetgen:", err)
	os.Exit(1)
}

const header = `// Code generated by wordnetgen/gen.go from WordNet 3.0; DO NOT EDIT.
//
// WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved.
//
// THIS SOFTWARE AND DATABASE IS PROVIDED "AS IS" AND PRINCETON UNIVERSITY
// MAKES NO REPRESENTATIONS OR WARRANTIES, EXPRESS OR IMPLIED. BY WAY OF
// EXAMPLE, BUT NOT LIMITATION, PRINCETON UNIVERSITY MAKES NO
// REPRESENTATIONS OR WARRANTIES OF MERCHANTABILITY OR FITNESS FOR ANY
// PARTICULAR PURPOSE OR THAT THE USE OF THE LICENSED SOFTWARE, DATABASE OR
// DOCUMENTATION WILL NOT INFRINGE ANY THIRD PARTY PATENTS, COPYRIGHTS,
// TRADEMARKS OR OTHER RIGHTS. The name of Princeton University or Princeton
// may not be used in advertising or publicity pertaining to distribution of
// the software and/or database. Title to copyright in this software,
// database and any associated documentation shall at all times remain with
// Princeton University and LICENSEE agrees to preserve same.
//
// (Permission to use, copy, modify and distribute WordNet for any purpose
// and without fee or royalty is granted by its licence, provided this
// notice appears on all copies.)

package search
`
