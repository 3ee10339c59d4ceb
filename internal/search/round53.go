package search

import "strings"

// Round fifty-three: requests in everyday words, and the values they carry.
//
// A URL on a backend's own host names that backend when the backend's
// schemas take such URLs. namedServers reads a product's bare domain
// ("draw.io") as naming its backend but leaves a URL with a scheme or a
// path alone: it is a value to pass on. Yet "look at this for me:
// https://acme.sentry.io/issues/4512/" is a value for Sentry's tools, whose
// parameters (issueUrl, regionUrl) say they take sentry.io URLs, and
// "https://www.figma.com/file/ABC123/App" is one for Figma's, whose fileKey
// parameter says it is found in a figma.com URL. urlHostServers names the
// backend whose name is the host's label before its top-level domain
// ("sentry" in acme.sentry.io) when a parameter description of one of its
// tools mentions that host ("sentry.io"); a host no parameter mentions
// (github.com, example.com) names nothing, so a site to scrape stays a
// value for the web tools.

// paramHosts returns, per backend number, the hosts ("sentry.io") the
// parameter descriptions of its tools mention whose label is the backend's
// own name.
func (ix *Index) paramHosts() []map[string]bool {
	ix.hostsOnce.Do(func() {
		ix.hosts = make([]map[string]bool, len(ix.servers))
		for s, docs := range ix.srvDocs {
			name := strings.ToLower(ix.servers[s])
			for _, d := range docs {
				for _, p := range ix.docs[d].Params {
					desc := strings.ToLower(p.Description)
					for tld := range tlds {
						if strings.Contains(desc, name+"."+tld) {
							if ix.hosts[s] == nil {
								ix.hosts[s] = map[string]bool{}
							}
							ix.hosts[s][name+"."+tld] = true
						}
					}
				}
			}
		}
	})
	return ix.hosts
}

// urlHostServers returns the backends a URL field f names by its host (see
// above), or nil.
func (ix *Index) urlHostServers(f string) []int32 {
	l := strings.ToLower(f)
	if _, rest, ok := strings.Cut(l, "://"); ok {
		l = rest
	}
	host, _, _ := strings.Cut(l, "/")
	host, _, _ = strings.Cut(host, ":")
	labels := strings.Split(host, ".")
	if len(labels) < 2 {
		return nil
	}
	h := labels[len(labels)-2] + "." + labels[len(labels)-1]
	var out []int32
	for s, hs := range ix.paramHosts() {
		if hs[h] {
			out = append(out, int32(s))
		}
	}
	return out
}
