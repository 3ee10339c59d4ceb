// Copyright 2026 The Switchboard Authors
// SPDX-License-Identifier: Apache-2.0

package search

import (
	"slices"
	"testing"
)

func TestBackRef(t *testing.T) {
	for part, want := range map[string]bool{
		"close it":                    true,
		"merge it if the checks pass": true,
		"delete them":                 true,
		"set its state to Closed":     true,
		"save it to results/out.json": true,
		"it is failing":               false, // the pronoun is the subject
		"take a screenshot":           false,
		"close":                       false,
		"the one with it":             false, // no verb
	} {
		if got := backRef(part); got != want {
			t.Errorf("backRef(%q) = %v, want %v", part, got, want)
		}
	}
}

// TestClauses_BackRefIsAStep: "then close it" stays a step of its own,
// with the issue it closes among its terms; before, its one term joined
// the step before and the task had one step.
func TestClauses_BackRefIsAStep(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	q := "Look up issue 77 in GitLab project web/shop, then close it."
	groups, info := ix.clauses(q, ix.queryTerms(q), nil, nil)
	if len(info) != 2 || info[1].step != "close it" {
		var steps []string
		for _, c := range info {
			steps = append(steps, c.step)
		}
		t.Fatalf("steps = %q, want the lookup and %q", steps, "close it")
	}
	own := groups[1][:info[1].own]
	if !slices.ContainsFunc(own, func(q qterm) bool { return q.term == "issu" && q.weight == antecedentWeight }) {
		t.Errorf("the step's own terms %v lack the issue it closes at %v", own, antecedentWeight)
	}
	if slices.ContainsFunc(own, func(q qterm) bool { return q.term == "lookup" }) {
		t.Errorf("the step's own terms %v carry the earlier step's verb", own)
	}
}

// TestSearch_SaveItToAFileBorrowsNothing: a step whose pronoun is data
// moved elsewhere ("save it to results/output.json") has terms of its own
// and keeps its own backend.
func TestSearch_SaveItToAFileBorrowsNothing(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	q := "Get the value under key OUTPUT in key-value store kvs_9 on Apify and save it to results/output.json."
	hits := ix.Search(q, 5)
	if !slices.ContainsFunc(hits, func(h Hit) bool { return h.Server == "filesystem" && h.Tool == "write_file" }) {
		t.Errorf("hits %s lack filesystem/write_file", fmtHits(hits))
	}
}
