package backend

import (
	"encoding/json"
	"strconv"
)

// msgScan reads a JSON text a piece at a time, holding none of it but a
// few short tokens, and tells whether the SDK's jsonrpc.DecodeMessage
// would take it as a JSON-RPC message: one JSON object (what follows it
// is not read), whose "jsonrpc" is "2.0", whose "id" is a string, a
// number or null, whose "method" (if any) is a string, whose "error" (if
// any) has an integer "code" and a string "message", and which has a
// method or an id; nested at most 1,000 deep. Keys match exactly, the
// last of a repeated key counts. The SDK ends the whole session on an
// event that fails this, and reads events of any size whole; checking
// an event as it passes costs nothing of its size.
type msgScan struct {
	stack []byte // the open containers, '{' or '['
	state uint8
	lit   string // the rest of a literal being read
	hex   int    // \u digits still to read
	isKey bool   // the string being read is an object's key
	bad   string // why it is not a message; "" while it may be
	done  bool   // the top-level value has ended
	top   byte   // the top-level value's first byte

	// what is read of the current token (a key or a scalar value),
	// when it matters, up to maxToken bytes
	tok     []byte
	keep    bool // tok is being kept
	tokOver bool
	vctx    uint8 // what the current value is (cVersion, …)

	key1 string // the key of the top-level object's current member
	key2 string // the key of the current member of its "error" object

	version string
	id      byte // 0: none or null, 's': string, 'n': number, 'x': other
	idNum   numReduce
	// after the top-level value: the SDK's depth check still reads on
	tailDepth int
	tailStr   bool
	tailEsc   bool
	method    byte // 0: none, else the method value's first byte
	hasMethod bool
	// methodName is the method, when a string of at most maxToken bytes
	// (see Notification)
	methodName string
	// idRaw is the id as sent, when a string or a number the SDK takes of
	// at most maxToken bytes (see AnswerID); answer: a top-level "result"
	// or "error" key was read
	idRaw  []byte
	answer bool
}

const (
	maxToken    = 128
	maxMsgDepth = 1000 // the SDK's decoder refuses deeper nesting
)

// value contexts: what a value means to DecodeMessage
const (
	cNone uint8 = iota
	cVersion
	cID
	cMethod
	cError
	cCode
	cMessage
)

// scanner states
const (
	sValue    uint8 = iota // a value is expected
	sObjFirst              // after '{': a key or '}'
	sObjKey                // after ',' in an object: a key
	sColon                 // after a key
	sAfter                 // after a value in a container: ',' or its end
	sArrFirst              // after '[': a value or ']'
	sStr
	sStrEsc
	sStrHex
	sNumMinus
	sNumZero
	sNumInt
	sNumDot
	sNumFrac
	sNumE
	sNumESign
	sNumExp
	sLit
	sDone
)

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

func (s *msgScan) fail(why string) {
	if s.bad == "" {
		s.bad = why
	}
}

// Write reads p, the next bytes of the text.
func (s *msgScan) Write(p []byte) {
	i := 0
	for ; i < len(p) && s.bad == "" && s.state != sDone; i++ {
		s.step(p[i])
	}
	if s.state == sDone && s.bad == "" {
		s.tail(p[i:])
	}
}

// tail reads what follows the top-level value as the SDK's decoder
// checks it before it decodes the value: the whole text nested at most
// maxMsgDepth deep, counting brackets outside strings.
func (s *msgScan) tail(p []byte) {
	for _, b := range p {
		if s.tailStr {
			switch {
			case s.tailEsc:
				s.tailEsc = false
			case b == '\\':
				s.tailEsc = true
			case b == '"':
				s.tailStr = false
			}
			continue
		}
		switch b {
		case '"':
			s.tailStr = true
		case '{', '[':
			if s.tailDepth++; s.tailDepth > maxMsgDepth {
				s.fail("nested over 1000 deep")
				return
			}
		case '}', ']':
			if s.tailDepth > 0 {
				s.tailDepth--
			}
		}
	}
}

// numReduce reads a number of any length and keeps enough of it to tell
// whether strconv.ParseFloat (which the SDK's decoder uses) takes it: its
// first maxSig digits from the first significant one, whether there are
// more, and its decimal exponent. strconv reads up to 800 digits
// exactly and past that misplaces the point, so a longer number is
// refused (long tells).
type numReduce struct {
	neg, expNeg bool
	sig         []byte
	long        bool // over maxSig digits
	intDigits   int  // significant digits before the point
	fracZeros   int  // zeros after the point before the first significant digit
	exp         int  // the exponent written, capped
}

const (
	maxSig      = 800 // strconv reads this many digits exactly
	maxExp      = 1 << 30
	strconvMaxE = 10000 // strconv stops reading an exponent's digits at this
)

// add takes b, a byte of the number, now in state (the state it moved to).
func (n *numReduce) add(b byte, state uint8) {
	switch state {
	case sNumMinus:
		n.neg = true
	case sNumZero, sNumInt, sNumFrac:
		if len(n.sig) == 0 && b == '0' {
			if state == sNumFrac {
				n.fracZeros++
			}
			return
		}
		if len(n.sig) < maxSig {
			n.sig = append(n.sig, b)
		} else {
			n.long = true
		}
		if state != sNumFrac && n.intDigits < maxExp {
			n.intDigits++
		}
	case sNumESign:
		n.expNeg = b == '-'
	case sNumExp:
		if n.exp < strconvMaxE {
			n.exp = n.exp*10 + int(b-'0')
		}
	}
}

// inRange is whether the number is within float64's range.
func (n *numReduce) inRange() bool {
	if len(n.sig) == 0 {
		return true // zero
	}
	e := n.exp
	if n.expNeg {
		e = -e
	}
	e += n.intDigits - n.fracZeros
	text := make([]byte, 0, len(n.sig)+24)
	if n.neg {
		text = append(text, '-')
	}
	text = append(text, "0."...)
	text = append(text, n.sig...)
	text = append(text, 'e')
	text = strconv.AppendInt(text, int64(e), 10)
	_, err := strconv.ParseFloat(string(text), 64)
	return err == nil
}

func (n *numReduce) reset() { *n = numReduce{sig: n.sig[:0]} }

func (s *msgScan) keepByte(b byte) {
	if !s.keep {
		return
	}
	if len(s.tok) >= maxToken {
		s.tokOver = true
		return
	}
	s.tok = append(s.tok, b)
}

func (s *msgScan) step(b byte) {
	switch s.state {
	case sValue, sArrFirst:
		if isSpace(b) {
			return
		}
		if s.state == sArrFirst && b == ']' {
			s.close(']')
			return
		}
		s.startValue(b)
	case sObjFirst, sObjKey:
		if isSpace(b) {
			return
		}
		if s.state == sObjFirst && b == '}' {
			s.close('}')
			return
		}
		if b != '"' {
			s.fail("not JSON")
			return
		}
		s.isKey = true
		s.keep = len(s.stack) == 1 || (len(s.stack) == 2 && s.key1 == "error" && s.stack[1] == '{')
		s.tok, s.tokOver = s.tok[:0], false
		s.keepByte(b)
		s.state = sStr
	case sColon:
		if isSpace(b) {
			return
		}
		if b != ':' {
			s.fail("not JSON")
			return
		}
		s.state = sValue
	case sAfter:
		if isSpace(b) {
			return
		}
		c := s.stack[len(s.stack)-1]
		switch {
		case b == ',' && c == '{':
			s.state = sObjKey
		case b == ',' && c == '[':
			s.state = sValue
		case b == '}' && c == '{', b == ']' && c == '[':
			s.close(b)
		default:
			s.fail("not JSON")
		}
	case sStr:
		s.keepByte(b)
		switch {
		case b == '"':
			s.endString()
		case b == '\\':
			s.state = sStrEsc
		case b < 0x20:
			s.fail("not JSON (a control character in a string)")
		}
	case sStrEsc:
		s.keepByte(b)
		switch b {
		case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			s.state = sStr
		case 'u':
			s.hex, s.state = 4, sStrHex
		default:
			s.fail("not JSON (a bad escape)")
		}
	case sStrHex:
		s.keepByte(b)
		if !(b >= '0' && b <= '9' || b >= 'a' && b <= 'f' || b >= 'A' && b <= 'F') {
			s.fail("not JSON (a bad escape)")
			return
		}
		if s.hex--; s.hex == 0 {
			s.state = sStr
		}
	case sLit:
		if b != s.lit[0] {
			s.fail("not JSON")
			return
		}
		s.keepByte(b)
		if s.lit = s.lit[1:]; s.lit == "" {
			s.endScalar()
		}
	default: // a number
		s.number(b)
	}
}

// number reads b in a number, or ends the number before b.
func (s *msgScan) number(b byte) {
	digit := b >= '0' && b <= '9'
	next := uint8(0)
	switch s.state {
	case sNumMinus:
		switch {
		case b == '0':
			next = sNumZero
		case digit:
			next = sNumInt
		}
		if next == 0 {
			s.fail("not JSON (a bad number)")
			return
		}
	case sNumZero, sNumInt:
		switch {
		case digit && s.state == sNumInt:
			next = sNumInt
		case b == '.':
			next = sNumDot
		case b == 'e' || b == 'E':
			next = sNumE
		}
	case sNumDot, sNumFrac:
		switch {
		case digit:
			next = sNumFrac
		case s.state == sNumDot:
			s.fail("not JSON (a bad number)")
			return
		case b == 'e' || b == 'E':
			next = sNumE
		}
	case sNumE:
		switch {
		case digit:
			next = sNumExp
		case b == '+' || b == '-':
			next = sNumESign
		default:
			s.fail("not JSON (a bad number)")
			return
		}
	case sNumESign, sNumExp:
		switch {
		case digit:
			next = sNumExp
		case s.state == sNumESign:
			s.fail("not JSON (a bad number)")
			return
		}
	}
	if next != 0 {
		s.keepByte(b)
		s.state = next
		s.numByte(b)
		return
	}
	s.endScalar()
	if s.bad == "" && s.state != sDone {
		s.step(b)
	}
}

// numByte takes b, a byte of a number now in s.state.
func (s *msgScan) numByte(b byte) {
	if s.vctx == cID {
		s.idNum.add(b, s.state)
	}
}

// ctx is what a value starting now means.
func (s *msgScan) ctx() uint8 {
	switch {
	case len(s.stack) == 1 && s.stack[0] == '{':
		switch s.key1 {
		case "jsonrpc":
			return cVersion
		case "id":
			return cID
		case "method":
			return cMethod
		case "error":
			return cError
		}
	case len(s.stack) == 2 && s.stack[0] == '{' && s.stack[1] == '{' && s.key1 == "error":
		switch s.key2 {
		case "code":
			return cCode
		case "message":
			return cMessage
		}
	}
	return cNone
}

func (s *msgScan) startValue(b byte) {
	if len(s.stack) == 0 {
		s.top = b
	}
	s.vctx = s.ctx()
	s.isKey = false
	s.keep = s.vctx != cNone
	s.tok, s.tokOver = s.tok[:0], false
	if s.vctx == cID {
		s.idNum.reset()
	}
	switch {
	case b == '{' || b == '[':
		s.member(b, nil)
		if len(s.stack) >= maxMsgDepth {
			s.fail("nested over 1000 deep")
			return
		}
		s.stack = append(s.stack, b)
		if b == '{' {
			s.state = sObjFirst
		} else {
			s.state = sArrFirst
		}
		if len(s.stack) == 2 && s.vctx == cError {
			s.key2 = ""
		}
	case b == '"':
		s.keepByte(b)
		s.state = sStr
	case b == '-':
		s.keepByte(b)
		s.state = sNumMinus
		s.numByte(b)
	case b == '0':
		s.keepByte(b)
		s.state = sNumZero
		s.numByte(b)
	case b >= '1' && b <= '9':
		s.keepByte(b)
		s.state = sNumInt
		s.numByte(b)
	case b == 't':
		s.keepByte(b)
		s.lit, s.state = "rue", sLit
	case b == 'f':
		s.keepByte(b)
		s.lit, s.state = "alse", sLit
	case b == 'n':
		s.keepByte(b)
		s.lit, s.state = "ull", sLit
	default:
		s.fail("not JSON")
	}
}

func (s *msgScan) endString() {
	if !s.isKey {
		s.endScalar()
		return
	}
	s.isKey = false
	key := "\x00" // a long key is none of those that matter
	if s.keep && !s.tokOver {
		var k string
		if json.Unmarshal(s.tok, &k) == nil {
			key = k
		}
	}
	if len(s.stack) == 1 {
		s.key1 = key
		s.answer = s.answer || key == "result" || key == "error"
	} else if s.keep {
		s.key2 = key
	}
	s.state = sColon
}

// endScalar ends a string, number or literal value.
func (s *msgScan) endScalar() {
	if s.keep {
		s.member(s.tok[0], s.tok)
	}
	s.afterValue()
}

func (s *msgScan) afterValue() {
	if len(s.stack) == 0 {
		s.done, s.state = true, sDone
		return
	}
	s.state = sAfter
}

func (s *msgScan) close(b byte) {
	s.stack = s.stack[:len(s.stack)-1]
	s.afterValue()
}

// member takes a value that matters to DecodeMessage: its first byte
// (kind) and, for a scalar, its text (up to maxToken bytes).
func (s *msgScan) member(kind byte, raw []byte) {
	isNum := kind == '-' || kind >= '0' && kind <= '9'
	switch s.vctx {
	case cVersion:
		switch {
		case kind == '"':
			var v string
			if s.tokOver || json.Unmarshal(raw, &v) != nil {
				v = "\x00"
			}
			s.version = v
		case kind != 'n':
			s.fail(`its "jsonrpc" is not a string`)
		}
	case cID:
		s.idRaw = s.idRaw[:0]
		switch {
		case kind == '"':
			s.id = 's'
			if !s.tokOver {
				s.idRaw = append(s.idRaw, raw...)
			}
		case isNum:
			s.id = 'n'
			switch {
			case !s.tokOver:
				if _, err := strconv.ParseFloat(string(raw), 64); err != nil {
					s.fail(`its "id" is out of range`)
				} else {
					s.idRaw = append(s.idRaw, raw...)
				}
			case s.idNum.long:
				s.fail(idTooLong)
			case !s.idNum.inRange():
				s.fail(`its "id" is out of range`)
			}
		case kind == 'n':
			s.id = 0
		default:
			s.id = 'x'
		}
	case cMethod:
		s.hasMethod, s.method = true, kind
		if kind != '"' && kind != 'n' {
			s.fail(`its "method" is not a string`)
		}
		s.methodName = ""
		if kind == '"' && !s.tokOver {
			_ = json.Unmarshal(raw, &s.methodName)
		}
	case cError:
		if kind != '{' && kind != 'n' {
			s.fail(`its "error" is not an object`)
		}
	case cCode:
		switch {
		case isNum:
			if s.tokOver {
				s.fail(`its error's "code" is not an integer`)
			} else if _, err := strconv.ParseInt(string(raw), 10, 64); err != nil {
				s.fail(`its error's "code" is not an integer`)
			}
		case kind != 'n':
			s.fail(`its error's "code" is not a number`)
		}
	case cMessage:
		if kind != '"' && kind != 'n' {
			s.fail(`its error's "message" is not a string`)
		}
	}
}

const idTooLong = `its "id" is a number over 800 digits long`

// Verdict is why the text read is not a JSON-RPC message as the SDK
// decodes one, or "".
func (s *msgScan) Verdict() string {
	switch {
	case s.bad != "":
		return s.bad
	case !s.done:
		if s.state == sNumZero || s.state == sNumInt || s.state == sNumFrac || s.state == sNumExp {
			if len(s.stack) == 0 {
				return "not an object"
			}
		}
		return "not JSON, or cut short"
	case s.top != '{':
		return "not an object"
	case s.version != "2.0":
		return `its "jsonrpc" is not "2.0"`
	case s.id == 'x':
		return `its "id" is neither a string nor a number`
	case s.hasMethod:
		return ""
	case s.id == 0:
		return "it has neither a method nor an id"
	}
	return ""
}

// Notification returns the method of the text read when it is a
// JSON-RPC notification as the SDK decodes one (a method, and no id or a
// null one); ok is false for anything else, and for a notification whose
// method is over maxToken bytes (no method we count is).
func (s *msgScan) Notification() (method string, ok bool) {
	if s.Verdict() != "" || !s.hasMethod || s.id != 0 || s.methodName == "" {
		return "", false
	}
	return s.methodName, true
}

// Request returns the method and the id (as sent) of the text read when
// it is a JSON-RPC request that expects an answer, as the SDK decodes one
// (a method, and an id that is a string or a number); method is "" when
// it is over maxToken bytes, id nil when the id is (no id the SDK writes
// is that long).
func (s *msgScan) Request() (method string, id json.RawMessage, ok bool) {
	if s.Verdict() != "" || !s.hasMethod || s.id != 's' && s.id != 'n' {
		return "", nil, false
	}
	if len(s.idRaw) > 0 {
		id = json.RawMessage(s.idRaw)
	}
	return s.methodName, id, true
}

// UnreadableRequest returns the method and the id (as sent) of the text
// read when the SDK would refuse it (see Verdict) but what was read of it
// before the fault is a request's: a method that is a string of at most
// maxToken bytes and an id that is a string or a number the SDK takes,
// and no "result" or "error" (an elicitation whose schema nests past
// what the SDK reads, its id and method written before its params).
func (s *msgScan) UnreadableRequest() (method string, id json.RawMessage, ok bool) {
	if s.Verdict() == "" || s.top != '{' || s.answer || !s.hasMethod || s.methodName == "" || len(s.idRaw) == 0 {
		return "", nil, false
	}
	return s.methodName, json.RawMessage(s.idRaw), true
}

// AnswerID returns the id of the text read, as sent, when it is read as
// an answer (a top-level "result" or "error" and no "method", as far as
// it was read) whose id is a string or a number the SDK takes: the id of
// an answer the SDK may refuse, read up to what made it refuse (an id
// after that is not read).
func (s *msgScan) AnswerID() (json.RawMessage, bool) {
	if s.top != '{' || !s.answer || s.hasMethod || len(s.idRaw) == 0 {
		return nil, false
	}
	return json.RawMessage(s.idRaw), true
}

// checkMessage is msgScan's verdict on data, read whole.
func checkMessage(data []byte) string {
	var s msgScan
	s.Write(data)
	return s.Verdict()
}
