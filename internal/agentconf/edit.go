package agentconf

// SetMember sets member key of the object at path in JSONC data to value
// (anything encoding/json marshals; a json.RawMessage keeps its key
// order), creating missing objects along path. Comments, formatting and
// the other members are kept; an existing member has its value replaced
// in place, a new one goes after the last member. `switchboard add` and
// `enable`/`disable` edit Switchboard's own config with it.
func SetMember(data []byte, path []string, key string, value any) ([]byte, error) {
	return jsoncSet(data, path, key, value)
}

// RemoveMember removes member key (with the comment lines right above
// it) from the object at path in JSONC data, keeping everything else as
// written. A missing object or member leaves data unchanged.
func RemoveMember(data []byte, path []string, key string) ([]byte, error) {
	return jsoncRemove(data, path, key)
}

// HasMember reports whether the object at path in JSONC data has a
// member key, and whether data parses at all.
func HasMember(data []byte, path []string, key string) (bool, error) {
	root, err := parseJSONC(data)
	if err != nil {
		return false, err
	}
	obj, err := root.lookup(path)
	if err != nil || obj == nil || obj.kind != '{' {
		return false, err
	}
	return obj.member(key) != nil, nil
}
