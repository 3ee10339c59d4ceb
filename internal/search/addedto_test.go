package search

import "testing"

// A thing added to another in the product's own words is one its tools
// have: an Azure Boards story is a work item (productVocab), so "add a
// story to Azure Boards" is answered; a collaborator added to a GitHub
// repository is still a thing no GitHub tool has.
func TestSearch_AddedToInTheProductsWords(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	for _, q := range []string{
		"add a story to Azure Boards in the Billing project",
		"Please add a user story to Azure Boards in the Billing project titled 'Export invoices as CSV' with a short acceptance criteria description.",
	} {
		hits := ix.Search(q, 5)
		found := false
		for _, h := range hits {
			found = found || h.Server == "azure-devops" && h.Tool == "wit_work_item_write"
		}
		if !found {
			t.Errorf("%q: %s, want azure-devops/wit_work_item_write among the hits", q, fmtHits(hits))
		}
	}
	if hits := ix.Search("add a collaborator to my github repo", 5); hits != nil {
		t.Errorf("add a collaborator to my github repo: %s, want no tool", fmtHits(hits))
	}
}
