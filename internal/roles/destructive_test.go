package roles

import "testing"

func TestDestructiveName(t *testing.T) {
	for name, want := range map[string]bool{
		"delete_file": true, "redis_delete": true, "push_files": true, "update_issue": true,
		"wit_work_item_write": true, "wiki_upsert_page": true, "merge_pull_request": true,
		"create_or_update_file": true, "setValue": true, "dropTable": true, "pipelines_run": true,
		"create_merge_request": false, "get_merge_request": false, "slack_post_message": false,
		"add_issue_comment": false, "list_files": false, "echo": false, "get_or_delete": true,
		"search_and_replace": true, "create_issue": false, "browser_snapshot": false,
		"": false,
	} {
		if got := DestructiveName(name); got != want {
			t.Errorf("DestructiveName(%q) = %v, want %v", name, got, want)
		}
	}
}
