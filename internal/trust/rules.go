package trust

import (
	"encoding/base64"
	"encoding/hex"
	"errors"
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// MaxTextLen is the length in characters above which a text draws a Warn
// ("long-text"). Long descriptions are not an attack by themselves, but they
// hide one well and cost every session tokens.
const MaxTextLen = 4000

// MaxNameLen is the length in bytes above which a tool's name blocks
// ("long-text"): MCP asks for names of at most 128 characters, and the
// corpus's longest is 40.
const MaxNameLen = 256

// RulesVersion changes whenever what the rules find in a given text may
// change: findings kept by a tool's or a text's hash (the catalog's
// inspect cache) are stale under another version, and inspected again.
// 41: a name's letters read as words run together or split, lookalike
// letters of another script folded, and the mixed-script rule.
const RulesVersion = 41

// Rule describes one check of [Inspect].
type Rule struct {
	ID string
	// Severity is the highest severity the rule reports; some rules report
	// Warn for weaker forms of the same pattern.
	Severity Severity
	Summary  string
}

const (
	ruleHidden      = "hidden-unicode"
	ruleLong        = "long-text"
	ruleInvalidJSON = "invalid-json"
)

var errTrailing = errors.New("invalid JSON: data after the top-level value")

// Rules lists every rule of [Inspect] in the order findings are reported.
// The returned slice is a fresh copy.
func Rules() []Rule {
	out := []Rule{
		{ruleHidden, Block, "invisible or bidirectional control characters (Block for tags, bidi controls and supplementary variation selectors)"},
		{ruleLong, Block, "text longer than 4,000 characters; Block for a tool's name over 256 bytes"},
		mixedRule,
	}
	for _, r := range textRules {
		out = append(out, r.Rule)
	}
	return append(out, Rule{ruleInvalidJSON, Warn, "a schema or annotations object that is not valid JSON"})
}

type match struct {
	sev        Severity
	start, end int
}

// text is one text prepared for the phrase rules: flat (see flatten) and
// its ASCII lower-case form, with the same byte offsets, and the first
// word of the text that mixes Latin letters with lookalikes of another
// script (see foldConfusables), or "".
type text struct{ flat, lower, mixed string }

func newText(s string) text {
	f, mixed := flattenMixed(s)
	return text{f, lowerASCII(f), mixed}
}

type textRule struct {
	Rule
	check func(t text) (match, bool)
}

// textRules run over flattened text (see flatten), in report order. It is
// set in init because the encoded-blob rule runs the others on what it
// decodes.
var textRules []textRule

func init() {
	textRules = []textRule{
		{Rule{"ignore-instructions", Block, "asks the model to ignore or override earlier instructions or the system prompt"}, anyOf(Block, reIgnore...)},
		{Rule{"conceal-from-user", Block, "asks the model to hide something from the user"}, anyOf(Block, reConceal...)},
		{Rule{"credential-path", Block, "names credential files (~/.ssh, id_rsa, .env, ~/.aws, ...); Block when told to read or send them"}, checkCredPath},
		{Rule{"credential-request", Block, "asks to read or pass secrets (private keys, tokens, passwords); Block for keys or the user's secrets"}, checkCredRequest},
		{Rule{"exfiltration", Block, "asks to send data to a URL or to smuggle contents through a parameter"}, checkExfil},
		{Rule{"hidden-tag", Block, "instruction tags such as <IMPORTANT>, <system>, <instructions>"}, anyOf(Block, reTag)},
		{Rule{"html-comment", Warn, "a non-empty HTML comment, invisible when rendered"}, anyOf(Warn, reComment)},
		{Rule{"encoded-blob", Block, "a long base64 or hex run; Block when it decodes to text another rule blocks"}, checkBlob},
		{Rule{"tool-shadowing", Block, "steers the model to this tool instead of others, or changes how other tools behave"}, checkShadow},
	}
}

// mixedRule is the rule of mixed-script words, reported apart from the
// phrase rules (a name's reading has its lookalikes folded already).
var mixedRule = Rule{RuleMixedScript, Block, "a word mixing Latin letters with lookalike letters of another script (a Cyrillic а in pаypal); Block in a name, Warn in a text"}

// phrase is a lower-case pattern with keywords, one of which must occur in
// the text for the pattern to match. Checking the keywords first makes the
// rules about twenty times faster on real descriptions, most of which
// contain none of them.
//
// all are more such lists, each of which must also have a word in the
// text: "the other tools must send" needs one of must, should, shall or
// will, and one of tool or server, and one of the verbs. Every match
// holds a word of need and of each list of all, so the lists decide
// nothing a match would not: they only spare the regular expression the
// texts that cannot match, most of those holding some common word of
// need ("will", "this", "://").
type phrase struct {
	pattern string
	need    []string
	all     [][]string
	once    sync.Once
	rx      *regexp.Regexp
}

// re compiles a phrase pattern. Patterns are written in lower case and run
// over lowerASCII text, which is faster than case-insensitive matching and
// keeps byte offsets. need lists keywords (lower case) one of which every
// match contains; empty means no filter.
//
// The pattern is compiled on first use: most processes never inspect a
// tool, and compiling every rule costs milliseconds at start-up.
func re(pattern string, need ...string) *phrase {
	p := &phrase{pattern: pattern, need: need}
	phrases = append(phrases, p)
	return p
}

// phrases are all the phrases re made, for the test that holds their
// keyword lists to deciding nothing.
var phrases []*phrase

// and adds a list of words one of which every match of p also holds, and
// returns p.
func (p *phrase) and(words ...string) *phrase {
	p.all = append(p.all, words)
	return p
}

// re returns the compiled pattern.
func (p *phrase) re() *regexp.Regexp {
	p.once.Do(func() { p.rx = regexp.MustCompile(p.pattern) })
	return p.rx
}

func (p *phrase) possible(s string) bool {
	if len(p.need) > 0 && !containsAny(s, p.need) {
		return false
	}
	for _, ws := range p.all {
		if !containsAny(s, ws) {
			return false
		}
	}
	return true
}

// containsAny reports whether s holds one of words.
func containsAny(s string, words []string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

func (p *phrase) FindStringIndex(s string) []int {
	if !p.possible(s) {
		return nil
	}
	return p.re().FindStringIndex(s)
}

func (p *phrase) FindAllStringIndex(s string, n int) [][]int {
	if !p.possible(s) {
		return nil
	}
	return p.re().FindAllStringIndex(s, n)
}

func (p *phrase) MatchString(s string) bool { return p.possible(s) && p.re().MatchString(s) }

// lowerASCII lower-cases ASCII letters only, so offsets stay valid.
func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// anyOf reports the first match of any of res at severity sev.
func anyOf(sev Severity, res ...*phrase) func(text) (match, bool) {
	return func(t text) (match, bool) {
		for _, r := range res {
			if loc := r.FindStringIndex(t.lower); loc != nil {
				return match{sev, loc[0], loc[1]}, true
			}
		}
		return match{}, false
	}
}

var reIgnore = []*phrase{
	re(`\b(ignore|disregard|forget|override|bypass|discard|abandon)\s+(all\s+|any\s+|every\s+)?(of\s+)?(the\s+|your\s+|my\s+|these\s+|those\s+)?(previous|prior|above|preceding|earlier|former|original|other|existing|system|safety|developer|initial)\s+(instructions?|prompts?|rules|directions|guidelines|guidance|messages|context|commands|constraints|policies)\b`, "ignore", "disregard", "forget", "override", "bypass", "discard", "abandon").and("previous", "prior", "above", "preceding", "earlier", "former", "original", "other", "existing", "system", "safety", "developer", "initial").and("instruction", "prompt", "rules", "directions", "guideline", "guidance", "messages", "context", "commands", "constraints", "policies"),
	re(`\b(ignore|disregard|forget|override|bypass|reveal|leak|print|repeat|output)\s+(\w+\s+){0,3}?(the\s+|your\s+)?system\s+(prompt|message|instructions)\b`, "system").and("ignore", "disregard", "forget", "override", "bypass", "reveal", "leak", "print", "repeat", "output").and("prompt", "message", "instructions"),
	re(`\b(these|the\s+following|my|this\s+tool'?s?)\s+instructions\s+(take\s+precedence|override|supersede|replace)\b`, "instructions").and("precedence", "override", "supersede", "replace"),
	re(`\byou\s+are\s+now\s+(in\s+)?(developer|god|dan|jailbreak|admin|unrestricted)\s+mode\b`, "mode").and("you"),
}

var reConceal = []*phrase{
	re(`\b(do\s+not|don'?t|never|without|avoid)\s+(tell|telling|inform|informing|mention|mentioning|notify|notifying|reveal|revealing|disclose|disclosing|alert|alerting|let)\b[^.\n]{0,80}?\b(the\s+)?(user|human|operator)s?\b`, "user", "human", "operator").and("not", "don", "never", "without", "avoid").and("tell", "inform", "mention", "notify", "reveal", "disclos", "alert", "let"),
	re(`\b(hide|hiding|conceal|concealing|keep|keeping)\b[^.\n]{0,30}?\bfrom\s+the\s+(user|human|operator)s?\b`, "from").and("hide", "hiding", "conceal", "keep").and("user", "human", "operator"),
	re(`\bthe\s+(user|human)\s+(must|should|need|does|will)\s*(not|n'?t|never)\s+(know|see|notice|find\s+out|be\s+(told|informed|aware|notified))\b`, "user", "human").and("must", "should", "need", "does", "will").and("know", "see", "notice", "find", "be"),
	re(`\b(secretly|covertly|silently|quietly|invisibly)\s+(send|sends|sending|forward|copy|upload|include|read|exfiltrate|transmit|post|bcc|cc|add|attach)\b`, "secretly", "covertly", "silently", "quietly", "invisibly"),
}

var reCredPath = re(`~/\.ssh\b|\$home/\.ssh\b|\.ssh/|\bid_(rsa|dsa|ecdsa|ed25519)\b|~/\.aws\b|\.aws/(credentials|config)\b|(^|[\s'"(=:/,])\.env(\.[a-z]+)?\b|\.netrc\b|\.npmrc\b|\.pypirc\b|\.git-credentials\b|\.docker/config\.json|\.kube/config\b|/etc/(passwd|shadow|sudoers)\b|~/\.gnupg\b|\bmcp\.json\b|claude_desktop_config\.json|\.config/gh/hosts\.yml|\bwallet\.dat\b|~/\.ssh`, ".ssh", "id_", ".aws", ".env", ".netrc", ".npmrc", ".pypirc", ".git-credentials", ".docker/", ".kube/", "/etc/", ".gnupg", "mcp.json", "claude_desktop", ".config/gh", "wallet.dat")

// reAccess is a verb that makes the model touch or move what follows.
var reAccess = re(`\b(read|reads|reading|cat|open|opening|load|loading|access|fetch|retrieve|collect|copy|include|including|pass|passing|send|sending|upload|uploading|attach|append|paste|extract|dump|print|output|share|exfiltrate|forward|leak|steal|harvest|email|post)\b`)

// reNegation in the words before a match turns a Block into a Warn.
var reNegation = re(`\b(not|never|no|don'?t|avoid|reject|rejected|exclude|excluding|except|forbidden|blocked|disallowed|without)\b`)

// preceding returns up to n bytes of s before i, cut at the line start.
func preceding(s string, i, n int) string {
	lo := i - n
	if lo < 0 {
		lo = 0
	}
	for lo > 0 && !utf8.RuneStart(s[lo]) {
		lo++
	}
	w := s[lo:i]
	if j := strings.LastIndexByte(w, '\n'); j >= 0 {
		w = w[j+1:]
	}
	return w
}

func checkCredPath(t text) (match, bool) {
	s := t.lower
	locs := reCredPath.FindAllStringIndex(s, -1)
	if locs == nil {
		return match{}, false
	}
	for _, l := range locs {
		w := preceding(s, l[0], 80)
		if reAccess.MatchString(w) && !reNegation.MatchString(w) {
			return match{Block, l[0], l[1]}, true
		}
	}
	return match{Warn, locs[0][0], locs[0][1]}, true
}

var (
	reSecretHigh = re(`\b(ssh\s+(private\s+)?keys?|private\s+keys?|secret\s+keys?|seed\s+phrases?|recovery\s+phrases?|mnemonic|wallet\s+keys?|signing\s+keys?)\b`, "key", "phrase", "mnemonic")
	reSecretAny  = re(`\b(the\s+user'?s\s+|users'\s+|your\s+|their\s+|all\s+|any\s+|every\s+)?(ssh\s+(private\s+)?keys?|private\s+keys?|secret\s+keys?|api[\s_-]?(keys?|tokens?)|access[\s_-]?tokens?|auth(entication)?\s+tokens?|bearer\s+tokens?|oauth\s+tokens?|github\s+tokens?|session\s+(tokens?|cookies?)|passwords?|passphrases?|credentials|seed\s+phrases?|recovery\s+phrases?|mnemonic)\b`, "key", "token", "password", "passphrase", "credential", "phrase", "mnemonic", "cookie")
	reOwned      = re(`^(the\s+user'?s|users'|their|all|every)\s`)
	// reMove is the part of reAccess that moves a secret somewhere; merely
	// reading a key is what many benign tools describe.
	reMove = re(`\b(include|including|pass|passing|send|sending|upload|uploading|attach|append|paste|dump|share|exfiltrate|forward|leak|steal|harvest|email|post|collect|extract|copy)\b`)
)

// inIdentifier reports whether s[i:j] is part of a longer identifier or
// path, such as process.env.API_KEY or ~/.aws/credentials.
func inIdentifier(s string, i, j int) bool {
	if i > 0 && strings.IndexByte("./_$-", s[i-1]) >= 0 {
		return true
	}
	return j < len(s) && strings.IndexByte("._/", s[j]) >= 0 && j+1 < len(s) && s[j+1] != ' ' && s[j+1] != '\n'
}

func checkCredRequest(t text) (match, bool) {
	s := t.lower
	var best match
	for _, l := range reSecretAny.FindAllStringIndex(s, -1) {
		if inIdentifier(s, l[0], l[1]) {
			continue
		}
		w := preceding(s, l[0], 40)
		if reNegation.MatchString(w) {
			continue
		}
		m := s[l[0]:l[1]]
		sev := Severity(0)
		switch {
		case (reSecretHigh.MatchString(m) || reOwned.MatchString(m)) && reAccess.MatchString(w):
			sev = Block
		case reMove.MatchString(w):
			sev = Warn
		}
		if sev > best.sev {
			best = match{sev, l[0], l[1]}
		}
	}
	return best, best.sev != 0
}

var (
	reSendURL         = re(`\b(send|sends|sending|post|posting|upload|uploading|forward|forwarding|transmit|transmitting|exfiltrate|report|beacon|copy|mirror|log)\b[^\n]{0,80}?\bto\s+(<?(https?|ftp|wss?)://|(an?\s+|the\s+following\s+|this\s+|our\s+)?(external|remote|third[-\s]party|attacker)\s+(url|server|endpoint|address|host|service|webhook))`, "://", "external", "remote", "third", "attacker").and("send", "post", "upload", "forward", "transmit", "exfiltrate", "report", "beacon", "copy", "mirror", "log").and("to")
	reSendMail        = re(`\b(send|sends|sending|forward|forwarding|copy|bcc|cc)\b[^\n]{0,60}?\bto\s+[\w.+-]+@[\w-]+\.[\w.-]+`, "@").and("send", "forward", "copy", "bcc", "cc")
	reIncludeContents = re(`\b(include|insert|embed|put|place|append|add)\s+(the\s+|its\s+|their\s+|all\s+|any\s+)?(full\s+|entire\s+|complete\s+|whole\s+|raw\s+)?(contents?|text|data)\s+of\b[^\n]{0,80}?\b(in|into|inside|within|as)\s+(the\s+|your\s+|a\s+|this\s+|each\s+)?[\w'"-]*\s*(parameters?|params?|arguments?|fields?|request|query|url|message|note|sidenote|comment|header)\b`, "content", "text", "data").and("include", "insert", "embed", "put", "place", "append", "add").and("param", "argument", "field", "request", "query", "url", "message", "note", "comment", "header")
	rePassContents    = re(`\bpass\s+(its|their|the\s+file'?s?|the\s+(full\s+|entire\s+|whole\s+|raw\s+)?|all\s+(the\s+)?)?\s*(contents?|file\s+contents?)\s+(as|in|into|via|through)\b`, "pass").and("content")
	reConversation    = re(`\b(send|include|pass|forward|upload|append|add|copy|share|attach|put|insert|embed)\b[^\n]{0,40}?\b((the\s+)?(entire|full|whole|complete)\s+(conversation|chat)|(conversation|chat)\s+(history|transcript|log)|(all\s+)?(previous|prior|earlier|preceding)\s+messages)\b`, "conversation", "chat", "messages").and("send", "include", "pass", "forward", "upload", "append", "add", "copy", "share", "attach", "put", "insert", "embed")
	rePassIt          = re(`\bpass\s+(it|them|this|these)\s+(as|in|into|via)\s+(the\s+|a\s+)?[\w'"-]*\s*(parameters?|params?|arguments?|fields?)\b`, "pass").and("param", "argument", "field")
)

func checkExfil(t text) (match, bool) {
	s := t.lower
	if m, ok := anyOf(Block, reSendURL, reIncludeContents, rePassContents, reConversation)(t); ok {
		return m, true
	}
	// "pass it as the X parameter" is ordinary unless its line talks about secrets.
	if l := rePassIt.FindStringIndex(s); l != nil {
		line := lineAround(s, l[0])
		if reSecretAny.MatchString(line) || reCredPath.MatchString(line) {
			return match{Block, l[0], l[1]}, true
		}
	}
	if l := reSendMail.FindStringIndex(s); l != nil {
		return match{Warn, l[0], l[1]}, true
	}
	return match{}, false
}

func lineAround(s string, i int) string {
	lo := strings.LastIndexByte(s[:i], '\n') + 1
	hi := strings.IndexByte(s[i:], '\n')
	if hi < 0 {
		return s[lo:]
	}
	return s[lo : i+hi]
}

var (
	reTag     = re(`<\s*/?\s*(important|system|instructions?|secret|hidden|sudo|admin|override|system[-_ ]?(prompt|message)|assistant|ai[-_ ]?instructions?)\b[^<>\n]{0,100}>`, "<")
	reComment = re(`<!--\s*[^\s-][\s\S]*?(-->|$)`, "<!--")
)

var (
	reB64 = re(`[A-Za-z0-9+/_-]{60,}={0,2}`)
	reHex = re(`\b[0-9A-Fa-f]{80,}\b`)
)

func checkBlob(t text) (match, bool) {
	s := t.flat
	if !hasRun(s, 60) {
		// Neither pattern can match: both need a run of 60 or more of the
		// base64 alphabet, of which hex digits are a part. The patterns
		// have no literal to look for, and scanning with them was a fifth
		// of Inspect's time.
		return match{}, false
	}
	var best match
	consider := func(l []int, decoded []byte) {
		sev := Warn
		if utf8.Valid(decoded) && printable(decoded) && blocks(string(decoded)) {
			sev = Block
		}
		if sev > best.sev {
			best = match{sev, l[0], l[1]}
		}
	}
	for _, l := range reB64.re().FindAllStringIndex(s, -1) {
		run := s[l[0]:l[1]]
		if !mixedBase64(run) {
			continue
		}
		consider(l, decodeBase64(run))
	}
	for _, l := range reHex.re().FindAllStringIndex(s, -1) {
		b, _ := hex.DecodeString(s[l[0]:l[1]])
		consider(l, b)
	}
	return best, best.sev != 0
}

// hasRun reports whether s holds n bytes or more in a row of the base64
// alphabet, standard or URL-safe ([A-Za-z0-9+/_-]).
func hasRun(s string, n int) bool {
	run := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '+' || c == '/' || c == '_' || c == '-' {
			if run++; run >= n {
				return true
			}
			continue
		}
		run = 0
	}
	return false
}

// mixedBase64 tells a base64 payload from identifiers and paths: it mixes
// upper case, lower case and digits, with many distinct characters.
func mixedBase64(run string) bool {
	var up, lo, dig bool
	seen := map[rune]bool{}
	for _, r := range run {
		up = up || unicode.IsUpper(r)
		lo = lo || unicode.IsLower(r)
		dig = dig || unicode.IsDigit(r)
		seen[r] = true
	}
	return up && lo && dig && len(seen) >= 20
}

func decodeBase64(run string) []byte {
	trimmed := strings.TrimRight(run, "=")
	for _, enc := range []*base64.Encoding{base64.RawStdEncoding, base64.RawURLEncoding} {
		if b, err := enc.DecodeString(trimmed); err == nil {
			return b
		}
	}
	return nil
}

func printable(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	n := 0
	for _, r := range string(b) {
		if unicode.IsPrint(r) || unicode.IsSpace(r) {
			n++
		}
	}
	return n*10 >= utf8.RuneCount(b)*9
}

// blocks reports whether a phrase rule other than encoded-blob blocks s.
func blocks(s string) bool {
	t := newText(s)
	for _, r := range textRules {
		if r.ID == "encoded-blob" {
			continue
		}
		if m, ok := r.check(t); ok && m.sev == Block {
			return true
		}
	}
	return false
}

var (
	reShadowBlock = []*phrase{
		re(`\bwhen\s+this\s+tool\s+is\s+(available|present|loaded|enabled|installed|connected)\b`, "this").and("tool").and("when"),
		re(`\b(the|any|all|every|other)\s+([\w.'"-]+\s+){0,2}?(tools?|servers?)\s+(must|should|shall|will)\s+(always\s+|now\s+|also\s+|instead\s+)?(send|forward|include|route|redirect|bcc|cc|add|copy)\b`, "must", "should", "shall", "will").and("tool", "server").and("send", "forward", "include", "route", "redirect", "bcc", "cc", "add", "copy"),
		re(`\bwhen(ever)?\s+(the\s+)?user\s+(asks|wants|requests|needs|mentions|says|tries)\b[^.\n]{0,80}?\b(always|only|must)\s+(use|call|invoke|route\s+to)\s+this\s+(tool|server|function)\b`, "user").and("this").and("tool", "server", "function").and("always", "only", "must"),
		re(`\b(always|only|must)\s+(use|call|invoke)\s+this\s+(tool|server|function)\s+(instead\s+of|rather\s+than|in\s+place\s+of)\s+(any|all|the|other)\b`, "this").and("instead", "rather", "place").and("use", "call", "invoke"),
	}
	reShadowWarn = []*phrase{
		re(`\b(do\s+not|don'?t|never)\s+(use|call|invoke)\s+(any\s+)?(other|another|the\s+other)\s+(tools?|servers?|mcp)\b`, "other").and("not", "don", "never").and("use", "call", "invoke").and("tool", "server", "mcp"),
		re(`\b(always|only)\s+use\s+this\s+(tool|server)\b`, "this").and("always", "only").and("use").and("tool", "server"),
		re(`\b(instead\s+of|rather\s+than|in\s+place\s+of)\s+(using\s+|calling\s+)?(the\s+)?[\w.'"-]+\s+(tool|server|mcp\s+server)\b`, "instead", "rather", "place").and("tool", "server"),
	}
)

func checkShadow(t text) (match, bool) {
	if m, ok := anyOf(Block, reShadowBlock...)(t); ok {
		return m, true
	}
	return anyOf(Warn, reShadowWarn...)(t)
}
