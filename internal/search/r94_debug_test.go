package search

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestR94Misses prints outside94's misses (round ninety-four's diagnosis).
func TestR94Misses(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	evaluate(ix, readQueries(t, "testdata/outside94-queries.jsonl"), func(m string) { t.Log(m) })
}

// TestR94Why prints, for a few requests, what the none rules see.
func TestR94Why(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	for _, q := range []string{
		"Convert report.docx into a PDF and save it next to the original.",
		"compress all PNGs under assets/ to webp at 80% quality",
		"Transcribe the audio recording of yesterday's standup into text.",
		"Point the DNS A record for shop.example.com at 203.0.113.7.",
		"Format every Python file in the repo with black.",
		"Install the uBlock Origin extension in my browser.",
		"merge these three PDFs into a single file",
		"Pay my electricity bill for this month.",
		"Find my lost phone and make it ring.",
		"need to return these shoes, can you start the return with the store for me",
	} {
		vp := ix.vendorProducts(q)
		uns := ix.unservedProducts(q, vp)
		named, _ := ix.namedServersWith(q, vp)
		r := ix.rank(q, 5)
		t.Logf("%q unserved=%v named=%v product=%v foreignCh=%v text=%v", q, uns, named, ix.productArticle(q), ix.foreignChannel(q), ix.textChannel(q))
		if r == nil {
			continue
		}
		for _, h := range r.hits[:min(3, len(r.hits))] {
			t.Logf("   %s/%s verbUndone=%v %s", ix.docs[h.Doc].Server, ix.docs[h.Doc].Tool, ix.verbUndone(q, int(h.Doc), true), r69Explain(ix, q, int(h.Doc)))
		}
	}
}

// TestR94Verb prints which backends do a request's verb.
func TestR94Verb(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	for _, q := range []string{"Transcribe the audio recording of yesterday's standup into text.", "Pay my electricity bill for this month.", "Install the uBlock Origin extension in my browser."} {
		v, p := requestVerbPlace(q)
		var does []string
		for s := range ix.srvOpen {
			if !ix.srvOpen[s] && ix.backendDoes(int32(s), v) {
				does = append(does, "do:"+ix.servers[s])
			}
			if ix.backendHasSynonym(int32(s), v) {
				does = append(does, "syn:"+ix.servers[s])
			}
		}
		t.Logf("%q verb=%q placed=%v %v", q, v, p, does)
	}
}

// TestR94DF prints how many tools say a few verbs.
func TestR94DF(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	for _, w := range []string{"transcribe", "pay", "turn", "wake", "install", "ring", "format", "merge", "compress", "convert", "return", "point"} {
		n, core := 0, 0
		if id, ok := ix.tools.lookup(stem(w)); ok {
			n = len(ix.tools.post[id])
			for _, p := range ix.tools.post[id] {
				if p.core {
					core++
				}
			}
		}
		_, lok := ix.learned.lookup(stem(w))
		t.Logf("%s df=%d core=%d learned=%v", w, n, core, lok)
	}
}

// TestR94Flips prints the requests of the readable sets round ninety-four's
// rule changes (held-out sets are skipped).
func TestR94Flips(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	files, _ := filepath.Glob("testdata/*-queries.jsonl")
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), "-queries.jsonl")
		if cvHeld[name] {
			continue
		}
		for _, q := range readQueries(t, f) {
			r94Off = true
			a := ix.Search(q.Query, 5) == nil
			r94Off = false
			b := ix.Search(q.Query, 5) == nil
			if a != b {
				t.Logf("%s %s %s none %v -> %v %q", name, q.ID, q.Kind, a, b, q.Query)
			}
		}
	}
}
