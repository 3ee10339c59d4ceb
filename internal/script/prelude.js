// The prelude runs in every fresh VM before the script. It takes the host
// functions Go registered (__sb_*), removes them from the global object so
// only these closures can reach them, defines console, setTimeout and the
// tool-call machinery, and evaluates to the object Go drives the run with.
// Functions are named __sb_* so Go can drop their frames from stacks.
(function __sb_prelude() {
  "use strict";
  const g = globalThis;
  const hostCall = g.__sb_call, hostLog = g.__sb_log, hostDone = g.__sb_done, hostTimer = g.__sb_timer;
  delete g.__sb_call; delete g.__sb_log; delete g.__sb_done; delete g.__sb_timer;

  const stringify = JSON.stringify, parse = JSON.parse, isArray = Array.isArray;
  const str = String, fromEntries = Object.fromEntries, defineProperty = Object.defineProperty, ErrorCtor = Error, TypeErrorCtor = TypeError;
  const MapCtor = Map, SetCtor = Set, PromiseCtor = Promise, promiseReject = Promise.reject.bind(Promise), ProxyCtor = Proxy, reflectGet = Reflect.get;
  const reflectHas = Reflect.has, reflectOwnKeys = Reflect.ownKeys, reflectGetOwnPropertyDescriptor = Reflect.getOwnPropertyDescriptor;
  const objectKeys = Object.keys, hasOwn = Object.prototype.hasOwnProperty, numberValueOf = Number.prototype.valueOf;
  const getPrototypeOf = Object.getPrototypeOf, objectProto = Object.prototype, arrayProto = Array.prototype, numberProto = Number.prototype, objectToString = Object.prototype.toString;

  // A Map or Set turns into JSON as what it holds (an object of its
  // entries, an array of its values), as console.log shows it, instead of
  // {}: in a return value and in a tool call's arguments alike. Other
  // values pay nothing (JSON.stringify looks toJSON up on every object).
  //
  // Each Map, Set and Error gives every toJSON call the same object,
  // filled afresh (__sb_same): a new object each time hid one that holds
  // itself (an error its own cause, a map its own value) from
  // JSON.stringify's check for cycles, which then recursed until the
  // stack ran out and the script heard "nested too deeply".
  const sameJSON = new WeakMap(), clearArray = function __sb_clear(a) { a.length = 0; };
  function __sb_same(v, fill) {
    let o = sameJSON.get(v);
    if (o === undefined) {
      o = fill(null);
      sameJSON.set(v, o);
      return o;
    }
    return fill(o);
  }
  defineProperty(MapCtor.prototype, "toJSON", {
    value: function toJSON() {
      const m = this;
      return __sb_same(m, function __sb_fillMap(o) {
        if (o === null) return fromEntries(m);
        const keys = objectKeys(o);
        for (let i = 0; i < keys.length; i++) delete o[keys[i]];
        for (const [k, v] of m) o[k] = v;
        return o;
      });
    },
    writable: true, configurable: true,
  });
  defineProperty(SetCtor.prototype, "toJSON", {
    value: function toJSON() {
      const s = this;
      return __sb_same(s, function __sb_fillSet(o) {
        if (o === null) return [...s];
        clearArray(o);
        for (const v of s) o.push(v);
        return o;
      });
    },
    writable: true, configurable: true,
  });
  // An Error turns into JSON as {name, message} and its own fields (a
  // failed call's server and tool, a cause, an AggregateError's errors),
  // instead of {}: its name and message are not enumerable, so a script
  // returning a caught error, or a list of outcomes, lost what went wrong.
  defineProperty(ErrorCtor.prototype, "toJSON", {
    value: function toJSON() {
      const e = this;
      return __sb_same(e, function __sb_fillError(o) {
        if (o === null) {
          o = { __proto__: null };
        } else {
          const old = objectKeys(o);
          for (let i = 0; i < old.length; i++) delete o[old[i]];
        }
        o.name = str(e.name);
        o.message = str(e.message);
        const keys = objectKeys(e);
        for (let i = 0; i < keys.length; i++) o[keys[i]] = e[keys[i]];
        if (!("cause" in o) && hasOwn.call(e, "cause")) o.cause = e.cause;
        if (!("errors" in o) && hasOwn.call(e, "errors")) o.errors = e.errors;
        return o;
      });
    },
    writable: true, configurable: true,
  });

  // Properties of a namespace that are never tool calls: what await,
  // JSON.stringify, console.log and string conversion look up.
  const notTools = new SetCtor(["then", "toJSON", "constructor", "valueOf", "toString", "toLocaleString", "inspect", "__proto__", "prototype", "length", "name", "caller", "callee", "arguments"]);

  // __sb_unknown returns the get trap of a namespace: a name the namespace
  // does not have is still a function, which calls the tool by that name,
  // so the host rejects it with the reason (unknown, withheld, backend
  // down) instead of the script failing with "not a function".
  //
  // Object.prototype's methods a namespace inherits answered a tool call
  // by their name with their own result: L.constructor({}) was {} and
  // L.toString({}) "[object Object]", without a word, where the backend
  // has a tool "constructor" (offered as L.constructor_) or none. Called
  // with an object, as a tool is, each is a call of the tool by that name
  // (the host calls it, or rejects naming the tools there are); called
  // otherwise (String(ns), ns.hasOwnProperty("x")), it is the method.
  function __sb_unknown(server) {
    return function __sb_get(target, prop, receiver) {
      if (typeof prop === "string" && dualNames.has(prop) && !hasOwn.call(target, prop)) {
        const method = reflectGet(target, prop, receiver);
        if (typeof method === "function") return __sb_dual(server, prop, method);
      }
      if (typeof prop !== "string" || prop in target || notTools.has(prop)) return reflectGet(target, prop, receiver);
      return __sb_fn(server, prop);
    };
  }

  // Inherited methods of a namespace that are a tool call when called
  // with an object (see __sb_unknown).
  const dualNames = new SetCtor(["constructor", "valueOf", "toString", "toLocaleString", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable"]);

  function __sb_dual(server, prop, method) {
    const tool = __sb_fn(server, prop);
    return function __sb_dualFn(a) {
      if (a !== null && typeof a === "object" && !isArray(a)) return tool.apply(this, arguments);
      return method.apply(this, arguments);
    };
  }

  // __sb_fn is a tool function. It returns the call's promise itself (an
  // async function would wrap it in another, costing the script three
  // turns of the job queue per call) and turns a synchronous throw (bad
  // arguments, a limit) into a rejection, as an async function would.
  //
  // A tool takes one argument: a second object (demo.add({a: 1}, {b: 2}))
  // was left out without a word, and the call went without it. A second
  // argument that is not an object passes (items.map(ns.tool) gives the
  // index and the array).
  function __sb_fn(server, tool) {
    return function __sb_tool(args, more) {
      if (more !== null && typeof more === "object" && !isArray(more)) {
        return promiseReject(new TypeErrorCtor(server + "." + tool + ": a tool takes one argument, an object of its parameters, and this call gave a second object, which would not be sent: put them in one object, e.g. " + server + "." + tool + "({...first, ...second})"));
      }
      try { return __sb_toolCall(server, tool, args); } catch (e) { return promiseReject(e); }
    };
  }

  function __sb_replacer(k, v) {
    if (v instanceof MapCtor) return fromEntries(v);
    if (v instanceof SetCtor) return [...v];
    if (typeof v === "bigint") return str(v) + "n";
    return v;
  }

  function __sb_format(v) {
    switch (typeof v) {
      case "string": return v;
      case "undefined": return "undefined";
      case "function": return "[Function " + (v.name || "anonymous") + "]";
      case "bigint": return str(v) + "n";
      case "symbol": return v.toString();
    }
    try {
      if (v instanceof ErrorCtor) return str(v.name) + ": " + str(v.message);
      const s = stringify(v, __sb_replacer);
      return s === undefined ? str(v) : s;
    } catch (e) {
      try { return str(v); } catch (e2) { return "[unprintable]"; }
    }
  }

  // A function or a Symbol in what a script sends the host is an error
  // (__sb_json; in its return value too, which __sb_data alone looks
  // through): JSON.stringify would make it null, or leave it out, without
  // a word. Finding one costs a replacer call for every value, half again
  // the time of stringify on large arguments, so a call looks only where
  // one can be. A function is seen for nothing: stringify looks toJSON up
  // on every object, and Function.prototype's notes the function and
  // gives it back (to be left out as before). A Symbol has no toJSON, but
  // a script can only get one by reading Symbol,
  // Object.getOwnPropertySymbols, Reflect.ownKeys or Proxy (a trap is
  // given symbol keys): reading one of these marks the run, whose values
  // then go through the replacer. undefined keeps its JSON meaning
  // (absent; null in an array).
  let fnSeen = false, symbolsSeen = false, notData = null;
  defineProperty(Function.prototype, "toJSON", { value: function toJSON() { fnSeen = true; return this; }, writable: true, configurable: true });
  function __sb_watch(o, name) {
    const v = o[name];
    defineProperty(o, name, {
      get: function __sb_watched() { symbolsSeen = true; return v; },
      set: function __sb_unwatch(x) { defineProperty(o, name, { value: x, writable: true, configurable: true, enumerable: false }); },
      configurable: true, enumerable: false,
    });
  }
  __sb_watch(g, "Symbol"); __sb_watch(g, "Proxy"); __sb_watch(Object, "getOwnPropertySymbols"); __sb_watch(Reflect, "ownKeys");

  // __sb_data is the replacer that stops at a function or a Symbol,
  // throwing notData: whether it is a function, its key and whether that
  // key is an index.
  //
  // An array whose length alone makes its JSON longer than the result's
  // limit (two bytes an element at least, "0," or "null,") throws
  // notData with its least size: a sparse one (a[1e9] = 1) was written
  // null by null for the script's whole time, to end in a timeout, where
  // the limit is what to say.
  let resultMax = 0;
  function __sb_data(k, v) {
    const t = typeof v;
    if (t === "function" || t === "symbol") {
      notData = { __proto__: null, fn: t === "function", key: str(k), index: isArray(this) };
      throw notData;
    }
    if (resultMax > 0 && t === "object" && isArray(v) && v.length * 2 > resultMax) {
      notData = { __proto__: null, size: v.length * 2 + 1 };
      throw notData;
    }
    return v;
  }

  // __sb_checked is the replacer that stops at a function, a Symbol, NaN
  // or an infinity, throwing notData (num names a number). A Number object
  // (new Number(NaN), Object(x)) reaches a replacer as an object that
  // stringify then turns into a number by its valueOf, which the script
  // may give: it is turned here, once, and the number checked is the one
  // written. A Number object is known by its brand (Number.prototype's
  // valueOf throws for any other object), asked only of an object whose
  // prototype is not Object's or Array's, or whose class says Number, so
  // plain objects and arrays cost no exception.
  function __sb_checked(k, v) {
    let t = typeof v;
    if (t === "object" && v !== null) {
      const pr = getPrototypeOf(v);
      if (pr === numberProto || (pr !== objectProto && pr !== arrayProto && pr !== null) || objectToString.call(v) === "[object Number]") {
        let isNumber = true;
        try { numberValueOf.call(v); } catch (e) { isNumber = false; }
        if (isNumber) { v = +v; t = "number"; }
      }
    }
    if (t === "number" && (v !== v || v === 1 / 0 || v === -1 / 0)) {
      notData = { __proto__: null, num: v !== v ? "NaN" : v > 0 ? "Infinity" : "-Infinity", key: str(k), index: isArray(this) };
      throw notData;
    }
    if (t === "function" || t === "symbol") {
      notData = { __proto__: null, fn: t === "function", key: str(k), index: isArray(this) };
      throw notData;
    }
    return v;
  }

  // __sb_where says where notData was found: "at index 2", "under the
  // key "cb"" (a long key cut at 60 characters).
  function __sb_where(d) {
    return d.index ? "at index " + d.key : "under the key " + stringify(d.key.length > 60 ? d.key.slice(0, 60) + "\u2026" : d.key);
  }

  // __sb_json is stringify(v) for what a script sends the host: a value
  // JSON cannot hold throws a TypeError naming the call (what, such as
  // "github.create_issue") and the part (part, such as "the arguments"),
  // and what to do; QuickJS says only "circular reference" or "Do not know
  // how to serialize a BigInt". Other errors (a getter that throws) pass.
  //
  // NaN and the infinities are errors too: stringify sends them as null,
  // which a backend takes for "not given" or rejects in words of its own
  // (a Go SDK server: "<invalid reflect.Value>").
  //
  // Looking through every value costs a replacer call for each, half
  // again the time of stringify on large arguments, so a call pays it
  // only when the plain pass's JSON holds a null (NaN, an infinity, or a
  // Number object of one, is written null) or the pass saw a function
  // (Function.prototype's toJSON notes it). Then the arguments are
  // stringified again with the checking replacer (__sb_checked), and that
  // pass's JSON is what is sent: a getter, a toJSON or a valueOf that
  // answers differently the second time cannot send what was not checked.
  // Once the script could hold a Symbol, every pass checks.
  function __sb_json(what, part, v) {
    try {
      notData = null;
      fnSeen = false;
      let s = symbolsSeen ? stringify(v, __sb_checked) : stringify(v);
      if (!symbolsSeen && (fnSeen || (s !== undefined && s.indexOf("null") >= 0))) {
        notData = null;
        s = stringify(v, __sb_checked);
      }
      if (s !== undefined) return s;
    } catch (e) {
      if (notData !== null && e === notData) {
        if (notData.num !== undefined) {
          throw new TypeErrorCtor(what + ": there is " + notData.num + " in " + part + " (" + __sb_where(notData) + "), which JSON cannot hold (it would be sent as null): pass a finite number, or null if that is what you mean");
        }
        throw new TypeErrorCtor(what + (notData.fn
          ? ": there is a function in " + part + " (" + __sb_where(notData) + "), which JSON cannot hold: leave it out, or call it and pass what it gives"
          : ": there is a Symbol in " + part + " (" + __sb_where(notData) + "), which JSON cannot hold: leave it out, or pass a string (String(s), or s.description)"));
      }
      if (e instanceof TypeErrorCtor && str(e.message).indexOf("BigInt") >= 0) {
        throw new TypeErrorCtor(what + ": there is a BigInt in " + part + ", which JSON cannot hold: convert it first, with String(x) (exact) or Number(x) (when it is small enough)");
      }
      if (e instanceof TypeErrorCtor && str(e.message).indexOf("circular") >= 0) {
        throw new TypeErrorCtor(what + ": there is a circular reference in " + part + " (an object that contains itself), which JSON cannot hold: pass only the fields needed");
      }
      if (e instanceof ErrorCtor && str(e.name) === "InternalError" && str(e.message).indexOf("stack overflow") >= 0) {
        throw new TypeErrorCtor(what + ": the nesting of " + part + " is too deep to turn into JSON: pass a flatter value");
      }
      throw e;
    }
    // A toJSON of the script's gave undefined: stringify gives no JSON.
    throw new TypeErrorCtor(what + ": " + part + " give no JSON at all (a toJSON gave undefined): pass an object");
  }

  let logFull = false;
  function __sb_console(level) {
    return function __sb_console_log(...args) {
      if (logFull) return;
      let line = "";
      for (let i = 0; i < args.length; i++) line += (i ? " " : "") + __sb_format(args[i]);
      if (!hostLog(level, line)) logFull = true;
    };
  }
  g.console = {
    log: __sb_console("log"), info: __sb_console("info"), debug: __sb_console("debug"),
    warn: __sb_console("warn"), error: __sb_console("error"),
  };

  // resources and prompts of backends: calls the host serves itself under
  // a server name no config can give (script.HostNamespace); a failure
  // reads "resources.read: ..." and carries server "resources", tool "read".
  const hostNS = "\x00switchboard";
  function __sb_host(ns, fn) {
    return function __sb_host_call(...args) {
      const id = hostCall(hostNS, ns + "." + fn, __sb_json(ns + "." + fn, "the arguments", { __proto__: null, args: args }));
      return new PromiseCtor(function __sb_pending(resolve, reject) { pending.set(id, [resolve, reject, ns, fn]); });
    };
  }
  g.resources = { list: __sb_host("resources", "list"), read: __sb_host("resources", "read") };
  g.prompts = { list: __sb_host("prompts", "list"), get: __sb_host("prompts", "get") };

  // skills: saved scripts that run in this VM as async functions of args
  // (see skills.go for the host calls). skills.NAME(args) asks the host
  // (skills.call) to check the skill's tools and args; the answer holds
  // its source, compiled once per run as async function skills_NAME(args)
  // (so stack frames name the skill, with the skill's own line numbers). A
  // failure carries server "skills" and tool NAME.
  const globalEval = g.eval, SyntaxErrorCtor = SyntaxError, syntaxErrorProto = SyntaxError.prototype;
  const reflectApply = Reflect.apply, stringSplit = String.prototype.split, arrayJoin = Array.prototype.join;
  const skillFns = new MapCtor();
  // A skill's code is the body of one function, but it is joined into
  // that function's text to compile (as QuickJS's Function constructor
  // joins a body too): a body that closed the function early
  // ("}); hostile(); (async function(){") ran what followed at the top
  // level of the VM when it was compiled, where it reads as running inside
  // the skill. __sb_compileBody compiles the body first in the function's
  // own wrapper with a second parameter named with a name the body cannot
  // know (name: bodyNonce, random each run from the host, and a count),
  // followed by ";let name;" and a "#" that nothing can parse. So the
  // check never runs anything: it always throws a SyntaxError, and the one
  // it wants is QuickJS's "invalid redefinition of parameter name", which
  // only the let of name in the function that has name as a parameter
  // gives, our function's own body, at its top level: the body closed
  // nothing of ours and left nothing open (the ";" completes a last if (x)
  // or label:). A body that gives that message itself (a let of args)
  // gives it in its own wrapper too, which then compiles nothing. The body
  // is read as the function's body, not a block's statements: "use
  // strict" is a directive, and a var and a function of one name are
  // allowed (a labelled block, the check until round forty-one, refused
  // them). Any other SyntaxError is the body's own, or its closing
  // something early: throws a SyntaxError naming who.
  //
  // The check passed, the body is compiled in its own wrapper (fnName,
  // an identifier), where it can still fail on what QuickJS checks at the
  // end of a function (the check stops at its let): a SyntaxError naming
  // who and fix too; before round forty, a body saved that way failed
  // every call with QuickJS's words alone ("invalid redefinition of
  // parameter name").
  let bodyNonce = "", bodySeq = 0;
  const redefinedParam = "invalid redefinition of parameter name", checkRan = {};
  function __sb_compileBody(who, fnName, code, fix) {
    const name = "sb_" + bodyNonce + "_" + (++bodySeq);
    let e = checkRan;
    try {
      globalEval("(async function __sb_skillBody(args, " + name + ") {" + code + "\n;let " + name + ";\n})\n#");
    } catch (thrown) {
      e = thrown;
    }
    // The name is kept from the script: the error is told by its
    // prototype and the name cut from its message by functions taken
    // before the script ran (a String.prototype.split of the script's was
    // given the check's label, and with it the next one).
    if (e === checkRan) throw new SyntaxErrorCtor(who + " is not the body of one function");
    if (e === null || typeof e !== "object" || getPrototypeOf(e) !== syntaxErrorProto) throw e;
    const msg = str(e.message);
    if (msg !== redefinedParam) {
      // An error on the lines after the body's: it closed something of
      // ours or left something of its own open (QuickJS's words are then
      // about the check's text, "invalid first character of private name").
      const lines = reflectApply(stringSplit, code, ["\n"]).length;
      if (typeof e.lineNumber === "number" && e.lineNumber > lines) {
        throw new SyntaxErrorCtor(who + " is not the body of one function: a skill's code is the body of an async function of args, which it may not close early (a } or ) it did not open) nor end inside a bracket, string, template or comment it opened; " + fix);
      }
      throw new SyntaxErrorCtor(who + " does not compile as the body of an async function of args (SyntaxError: " + reflectApply(arrayJoin, reflectApply(stringSplit, msg, [name]), ["the check's name"]) + "); " + fix);
    }
    try {
      return globalEval("(async function " + fnName + "(args) {" + code + "\n})");
    } catch (e) {
      if (e === null || typeof e !== "object" || getPrototypeOf(e) !== syntaxErrorProto) throw e;
      throw new SyntaxErrorCtor(who + " does not compile as the body of an async function of args (SyntaxError: " + str(e.message) + "); " + fix);
    }
  }
  const skillParts = { __proto__: null, call: "the arguments", result: "the returned value", save: "the definition", list: "the arguments" };
  function __sb_skillHost(fn, name, args) {
    const id = hostCall(hostNS, "skills." + fn, __sb_json("skills." + name, skillParts[fn], { __proto__: null, args: args }));
    return new PromiseCtor(function __sb_pending(resolve, reject) { pending.set(id, [resolve, reject, "skills", name]); });
  }
  async function __sb_skill(name, args) {
    if (args === undefined || args === null) args = {};
    if (typeof args !== "object" || isArray(args)) {
      throw new TypeErrorCtor("skills." + name + ": arguments must be an object, not " + (isArray(args) ? "an array" : typeof args));
    }
    const s = await __sb_skillHost("call", name, [name, args]);
    let fn = skillFns.get(s.key);
    if (fn === undefined) {
      // name passed the host's check: an identifier.
      fn = __sb_compileBody("skills." + name + ": its code", "skills_" + name, s.source,
        "read it with 'switchboard skills show " + name + "', then save it again fixed with skills.save, or remove it with 'switchboard skills rm " + name + "'");
      skillFns.set(s.key, fn);
    }
    const v = await fn(s.args);
    if (s.output) await __sb_skillHost("result", name, [name, v === undefined ? null : v]);
    return v;
  }
  const skillsObj = {
    save: async function save(def) {
      if (def === null || typeof def !== "object" || isArray(def)) {
        throw new TypeErrorCtor("skills.save: pass {name, description, inputSchema, outputSchema?, code}");
      }
      if (typeof def.code !== "string") throw new TypeErrorCtor("skills.save: code must be a string: the body of an async function of args");
      // A SyntaxError throws here, before anything is saved or run.
      __sb_compileBody("skills.save: the code of " + (typeof def.name === "string" && def.name.length <= 64 ? "skills." + def.name : "the skill"), "__sb_skillBody", def.code, "fix the code and save it again");
      return __sb_skillHost("save", "save", [def]);
    },
    list: async function list() { return __sb_skillHost("list", "list", []); },
  };
  g.skills = new ProxyCtor(skillsObj, {
    get: function __sb_skillGet(target, prop, receiver) {
      if (typeof prop !== "string" || prop in target || notTools.has(prop)) return reflectGet(target, prop, receiver);
      return function __sb_skillFn(args) { return __sb_skill(prop, args); };
    },
  });

  // pending maps a call id to [resolve, reject, server, tool]; timers maps a
  // timer id to its callback.
  const pending = new MapCtor(), timers = new MapCtor();
  let timerSeq = 0;

  g.setTimeout = function setTimeout(fn, ms, ...args) {
    if (typeof fn !== "function") throw new TypeErrorCtor("setTimeout: callback is not a function");
    const id = ++timerSeq;
    hostTimer(id, +ms > 0 ? +ms : 0); // throws over the limit of pending timers
    timers.set(id, function __sb_timeout() { fn(...args); });
    return id;
  };
  g.clearTimeout = function clearTimeout(id) {
    if (timers.delete(id)) hostTimer(id, -1);
  };

  function __sb_toolCall(server, tool, args) {
    let json = "{}";
    if (args !== undefined && args !== null) {
      if (typeof args !== "object" || isArray(args)) {
        throw new TypeErrorCtor(server + "." + tool + ": arguments must be an object, not " + (isArray(args) ? "an array" : typeof args));
      }
      json = __sb_json(server + "." + tool, "the arguments", args);
      if (json.charCodeAt(0) !== 123) { // "{"
        // A toJSON of the script's (on the object, or on Object.prototype)
        // made them something else; the backend's words were "arguments
        // must be a JSON object", of an object the script did pass.
        throw new TypeErrorCtor(server + "." + tool + ": the arguments turned into " + (json.length > 60 ? json.slice(0, 60) + "\u2026" : json) + " when made JSON, not an object: a toJSON method (of the object, or one the script put on Object.prototype) gave that; pass a plain object");
      }
    }
    const id = hostCall(server, tool, json);
    return new PromiseCtor(function __sb_pending(resolve, reject) { pending.set(id, [resolve, reject, server, tool]); });
  }

  // progress(message, {progress, total}) reports progress to the client
  // (when it asked for it); a host call to the reserved server "". It
  // never throws; awaiting it is optional.
  g.progress = function progress(message, opts) {
    const o = opts !== null && typeof opts === "object" ? opts : {};
    const m = message === undefined || message === null ? "" : __sb_format(message);
    let p;
    try {
      p = __sb_toolCall("", "progress", { message: m, progress: +o.progress || 0, total: +o.total || 0 });
    } catch (e) {
      return PromiseCtor.resolve(null);
    }
    return p.then(function __sb_progressDone() { return null; }, function __sb_progressFailed() { return null; });
  };

  function __sb_describe(e) {
    const d = { __proto__: null, name: "", message: "", stack: "" };
    try {
      if (e instanceof ErrorCtor) {
        d.name = str(e.name);
        d.message = str(e.message);
        if (typeof e.stack === "string") d.stack = e.stack;
        if (typeof e.server === "string" && typeof e.tool === "string") { d.server = e.server; d.tool = e.tool; }
      } else {
        d.message = "uncaught " + __sb_format(e);
      }
    } catch (x) {
      d.message = "uncaught exception that cannot be described";
    }
    return stringify(d);
  }

  function __sb_notData(what) {
    return stringify({ __proto__: null, name: "TypeError", message: "the return value " + what, stack: "" });
  }

  return {
    // install defines the namespaces. spec holds one segment per namespace,
    // separated by \x1e; a segment is the namespace's ident, its server
    // (for tools it does not declare), then per function its ident, server
    // and tool, all separated by \x1f. A namespace
    // object is built when the script first reads its global, so namespaces
    // the script does not touch cost one accessor each.
    install: function __sb_install(spec) {
      if (spec === "") return;
      const segs = spec.split("\x1e");
      for (let i = 0; i < segs.length; i++) {
        const seg = segs[i], cut = seg.indexOf("\x1f");
        const ident = cut < 0 ? seg : seg.slice(0, cut);
        const set = function __sb_set(v) {
          defineProperty(g, ident, { value: v, writable: true, configurable: true, enumerable: false });
        };
        defineProperty(g, ident, {
          get: function __sb_namespace() {
            // A tool's function is made when the script first reads it:
            // making all of a namespace's (a closure each) cost about
            // 4 microseconds a tool in this engine, for every namespace a
            // script touched. Listing the namespace makes the rest.
            const o = {}, fns = new MapCtor();
            let server = ident;
            if (cut >= 0) {
              const t = seg.slice(cut + 1).split("\x1f");
              server = t[0];
              for (let k = 1; k + 2 < t.length; k += 3) fns.set(t[k], k);
              const make = function __sb_make(id) {
                const k = fns.get(id);
                fns.delete(id);
                const f = __sb_fn(t[k + 1], t[k + 2]);
                o[id] = f;
                return f;
              };
              const all = function __sb_all() { for (const id of [...fns.keys()]) make(id); };
              const unknown = __sb_unknown(server);
              const ns = new ProxyCtor(o, {
                get: function __sb_nsGet(target, prop, receiver) {
                  if (typeof prop === "string" && fns.has(prop)) return make(prop);
                  return unknown(target, prop, receiver);
                },
                has: function __sb_nsHas(target, prop) { return fns.has(prop) || reflectHas(target, prop); },
                ownKeys: function __sb_nsKeys(target) { all(); return reflectOwnKeys(target); },
                getOwnPropertyDescriptor: function __sb_nsProp(target, prop) {
                  if (typeof prop === "string" && fns.has(prop)) make(prop);
                  return reflectGetOwnPropertyDescriptor(target, prop);
                },
              });
              set(ns);
              return ns;
            }
            const ns = new ProxyCtor(o, { get: __sb_unknown(server) });
            set(ns);
            return ns;
          },
          set, configurable: true, enumerable: false,
        });
      }
    },
    start: function __sb_start(fn, maxResult, nonce) {
      bodyNonce = str(nonce);
      fn().then(function __sb_ok(v) {
        const t = typeof v;
        if (t === "function" || t === "symbol") {
          hostDone(false, __sb_notData(t === "function"
            ? "is a function, which JSON cannot hold: return data; for a tool's result, call it: return await ns.tool({...})"
            : "is a Symbol, which JSON cannot hold: return a string instead (String(s), or s.description)"), 0);
          return;
        }
        // The value is looked through whole, once a run: a function or
        // a Symbol a toJSON of the script's gives is found too.
        let s;
        notData = null;
        resultMax = maxResult;
        try { s = stringify(v, __sb_data); } catch (e) {
          if (notData !== null && e === notData && notData.size !== undefined) {
            hostDone(true, "", notData.size);
            return;
          }
          if (notData !== null && e === notData) {
            const at = __sb_where(notData);
            hostDone(false, __sb_notData(notData.fn
              ? "holds a function (" + at + "), which JSON cannot hold: leave it out, or call it and return what it gives"
              : "holds a Symbol (" + at + "), which JSON cannot hold: leave it out, or convert it with String(s)"), 0);
            return;
          }
          // What was thrown, read once: a getter may have thrown a Proxy
          // whose traps throw, or an Error whose name or message getter
          // does, and a throw here left the run unsettled.
          let isError = false, isTypeError = false, name = "", msg = "", stack = "";
          try {
            isError = e instanceof ErrorCtor;
            isTypeError = e instanceof TypeErrorCtor;
            if (isError) { name = str(e.name); msg = str(e.message); if (typeof e.stack === "string") stack = e.stack; }
          } catch (x) { }
          // QuickJS says "stack overflow" for a value nested too deeply
          // to stringify: say what to do about it.
          if (isError && name === "InternalError" && msg.indexOf("stack overflow") >= 0) {
            hostDone(false, stringify({ __proto__: null, name: "Error", message: "the return value is nested too deeply to turn into JSON (stack overflow in JSON.stringify); return a flatter value, or only the part you need", stack: "" }), 0);
            return;
          }
          // JSON has no BigInt and no cycles: say which, and what to do.
          if (isTypeError && msg.indexOf("BigInt") >= 0) {
            hostDone(false, stringify({ __proto__: null, name: "TypeError", message: "the return value holds a BigInt, which JSON cannot hold: convert it first, with String(x) (exact) or Number(x) (when it is small enough)", stack: "" }), 0);
            return;
          }
          if (isTypeError && msg.indexOf("circular") >= 0) {
            hostDone(false, stringify({ __proto__: null, name: "TypeError", message: "the return value refers to itself (a circular reference), which JSON cannot hold: return only the fields you need", stack: "" }), 0);
            return;
          }
          // A getter, a toJSON or a Proxy trap of the value threw: its
          // error alone ("getter boom ... at stringify (native)") did not
          // say that the script had returned, and this went wrong after.
          // Not the engine's own (out of memory: InternalError, a string
          // too long: RangeError), which classify names.
          if (isError && name !== "InternalError" && name !== "RangeError") {
            hostDone(false, stringify({ __proto__: null, name: name || "Error", message: "turning the return value into JSON: " + msg + " (thrown by a getter, toJSON method or Proxy of the value): return plain data", stack: stack }), 0);
            return;
          }
          // A value that is no Error (throw 42 in a getter) was "uncaught
          // 42" alone. null is left to classify (it is most likely the
          // engine out of memory).
          if (e !== null && !isError) {
            let what = "a value that cannot be described";
            try { what = __sb_format(e); } catch (x) { }
            hostDone(false, stringify({ __proto__: null, name: "Error", message: "turning the return value into JSON: a getter, toJSON method or Proxy of the value threw " + what + ": return plain data", stack: "" }), 0);
            return;
          }
          hostDone(false, __sb_describe(e), 0);
          return;
        }
        if (s === undefined) s = "null";
        if (s.length > maxResult) { hostDone(true, "", s.length); return; }
        hostDone(true, s, s.length);
      }, function __sb_fail(e) { hostDone(false, __sb_describe(e), 0); });
    },
    settle: function __sb_settle(id, ok, payload) {
      const p = pending.get(id);
      if (!p) return;
      pending.delete(id);
      if (ok) {
        let v;
        try { v = parse(payload); } catch (e) { p[1](e); return; }
        p[0](v);
        return;
      }
      // The caller's message already names server and tool.
      const e = new ErrorCtor(payload);
      e.server = p[2];
      e.tool = p[3];
      p[1](e);
    },
    fire: function __sb_fire(id) {
      const f = timers.get(id);
      if (!f) return;
      timers.delete(id);
      f();
    },
  };
})()
