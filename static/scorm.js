// The page's SCORM runtime: finds the learning management system's API (SCORM 1.2's
// `API`, SCORM 2004's `API_1484_11`) and speaks to it in one vocabulary whichever it is.
// Discovery walks window.parent up to FIND_LIMIT frames, then window.opener's chain, as
// the SCORM run-time environment describes. No API found (the ordinary page): connect()
// returns null and nothing is told. Every call the LMS refuses is reported in words
// through `onError`, and the page goes on.

const FIND_LIMIT = 10;

// The names of each version's calls and data model elements.
const VERSIONS = {
  "1.2": {
    api: "API",
    calls: { init: "LMSInitialize", finish: "LMSFinish", get: "LMSGetValue", set: "LMSSetValue", commit: "LMSCommit",
      error: "LMSGetLastError", words: "LMSGetErrorString" },
    suspendLimit: 4096,
  },
  2004: {
    api: "API_1484_11",
    calls: { init: "Initialize", finish: "Terminate", get: "GetValue", set: "SetValue", commit: "Commit",
      error: "GetLastError", words: "GetErrorString" },
    suspendLimit: 64000,
  },
};

// The API object named `name` in `win`'s chain of parents (itself first), or null.
function inParents(win, name) {
  for (let depth = 0; win && depth <= FIND_LIMIT; depth += 1) {
    try {
      if (win[name]) return win[name];
    } catch {
      return null; // a frame of another origin: the LMS is not above it
    }
    if (win.parent === win) break;
    win = win.parent;
  }
  return null;
}

// The LMS's API of `version` ("1.2" or "2004"): in this window's parents, else its opener's.
export function findAPI(version, win = window) {
  const name = VERSIONS[version].api;
  let found = inParents(win, name);
  for (let opener = win.opener, depth = 0; !found && opener && depth <= FIND_LIMIT; depth += 1) {
    found = inParents(opener, name);
    try {
      opener = opener.opener;
    } catch {
      break;
    }
  }
  return found;
}

// One SCO's session with the LMS.
export class Session {
  constructor(api, version, onError) {
    this.api = api;
    this.version = version;
    this.names = VERSIONS[version].calls;
    this.suspendLimit = VERSIONS[version].suspendLimit;
    this.onError = onError;
    this.commits = 0;
    this.finished = false;
    this.started = Date.now();
  }

  call(name, ...args) {
    let result;
    try {
      result = this.api[this.names[name]](...args);
    } catch (error) {
      this.onError(`The course site's SCORM interface failed at ${this.names[name]}: ${error.message}.`);
      return "";
    }
    if (name !== "get" && String(result) !== "true") this.complain(name, args[0]);
    else if (name === "get" && this.lastError()) this.complain(name, args[0]);
    return result;
  }

  lastError() {
    try {
      return Number(this.api[this.names.error]()) || 0;
    } catch {
      return 0;
    }
  }

  complain(name, element) {
    const code = this.lastError();
    if (name === "get" && [0, 401, 403].includes(code)) return; // not set, or not implemented: an empty value
    let words = "";
    try {
      words = this.api[this.names.words](String(code));
    } catch {
      // no words for it
    }
    const what = element ? `${this.names[name]}("${element}")` : this.names[name];
    this.onError(`The course site refused ${what}: error ${code}${words ? ` (${words})` : ""}. Your work here goes on, but it may not be recorded.`);
  }

  get(element) {
    const value = this.call("get", this.element(element));
    return value === undefined || value === null ? "" : String(value);
  }

  set(element, value) {
    return String(this.call("set", this.element(element), String(value))) === "true";
  }

  commit() {
    this.commits += 1;
    return this.call("commit", "");
  }

  // Ends the session (once): the time of this session and `exit` ("suspend" keeps
  // suspend_data for the next launch), committed, then LMSFinish/Terminate.
  finish() {
    if (this.finished) return;
    this.finished = true;
    this.set("session_time", sessionTime(Date.now() - this.started, this.version));
    this.set("exit", "suspend");
    this.call("commit", "");
    this.call("finish", "");
  }

  // A version-neutral element name in this version's data model.
  element(name) {
    if (this.version === "2004") return `cmi.${name === "lesson_status" ? "completion_status" : name}`;
    const core = ["lesson_status", "score.raw", "score.min", "score.max", "session_time", "exit", "entry"];
    return core.includes(name) ? `cmi.core.${name}` : `cmi.${name}`;
  }

  // The status so far: "completed", "passed", "failed", "incomplete" or "" (not attempted).
  status() {
    if (this.version === "2004") {
      const success = this.get("success_status");
      if (success === "passed" || success === "failed") return success;
      const completion = this.get("lesson_status");
      return completion === "unknown" || completion === "not attempted" ? "" : completion;
    }
    const status = this.get("lesson_status");
    return status === "not attempted" || status === "browsed" ? "" : status;
  }

  // Tells the status: "incomplete", "completed", "passed" or "failed".
  setStatus(status) {
    if (this.version === "1.2") return this.set("lesson_status", status);
    this.set("lesson_status", status === "incomplete" ? "incomplete" : "completed");
    if (status === "passed" || status === "failed") this.set("success_status", status);
  }

  // Tells the score, 0 to 100.
  setScore(raw) {
    this.set("score.min", 0);
    this.set("score.max", 100);
    this.set("score.raw", raw);
    if (this.version === "2004") this.set("score.scaled", (raw / 100).toFixed(4));
  }
}

// The LMS's session of `version`, initialized, or null when there is no LMS.
export function connect(version, onError) {
  const api = findAPI(version);
  if (!api) return null;
  const session = new Session(api, version, onError);
  session.call("init", ""); // a refusal is told in words; the page goes on
  return session;
}

// A duration in SCORM's format: 1.2's HHHH:MM:SS.SS, 2004's ISO 8601 PTnHnMnS.
export function sessionTime(ms, version) {
  const centis = Math.round(ms / 10);
  const hours = Math.floor(centis / 360_000);
  const minutes = Math.floor(centis / 6000) % 60;
  const seconds = (centis % 6000) / 100;
  if (version === "2004") return `PT${hours}H${minutes}M${seconds.toFixed(2)}S`;
  const two = (n) => String(n).padStart(2, "0");
  return `${String(hours).padStart(4, "0")}:${two(minutes)}:${seconds.toFixed(2).padStart(5, "0")}`;
}
