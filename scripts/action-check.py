#!/usr/bin/env python3
"""Runs the steps of action.yml (the composite GitHub Action) on this machine, as GitHub's runner
would: each `run:` script through `bash --noprofile --norc -eo pipefail`, its `env:` and
`working-directory:` with the `${{ }}` expressions resolved, GITHUB_OUTPUT read back for the next
steps. No GitHub here, so: the `actions/cache` step is skipped (its output given), the release
build is not run (a cache hit with a binary is), the comment script runs in node against a fake
GitHub API, and the base branch is a local bare repository. Called by scripts/install-check.sh.

    python3 scripts/action-check.py [NAVGRAPH]    # NAVGRAPH: the binary to use (default .build/debug/navgraph)
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NAVGRAPH = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/debug/navgraph"))
ACTION = yaml.safe_load(open(os.path.join(ROOT, "action.yml")))
STEPS = ACTION["runs"]["steps"]
EXPR = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")
failures = []


def fail(msg):
    failures.append(msg)
    print(f"action-check: FAIL: {msg}", file=sys.stderr)


def step(name):
    found = [s for s in STEPS if s.get("name") == name]
    assert len(found) == 1, f"no step named {name!r} in action.yml"
    return found[0]


# --- Static: every expression names an input, an earlier step's id, or a github/runner field. ---
def static_checks():
    if ACTION["runs"].get("using") != "composite":
        fail("action.yml is not a composite action")
    inputs = set(ACTION["inputs"])
    seen_ids = set()
    all_ids = {s["id"] for s in STEPS if "id" in s}

    def check_text(text, where, ids):
        for expr in EXPR.findall(text):
            for ref in re.findall(r"\b(inputs|steps)\.([A-Za-z0-9_-]+)", expr):
                if ref[0] == "inputs" and ref[1] not in inputs:
                    fail(f"{where}: unknown input '{ref[1]}' in ${{{{ {expr} }}}}")
                if ref[0] == "steps" and ref[1] not in ids:
                    fail(f"{where}: step '{ref[1]}' is not an earlier step in ${{{{ {expr} }}}}")

    for s in STEPS:
        where = f"step '{s.get('name')}'"
        if "run" in s:
            if s.get("shell") != "bash":
                fail(f"{where}: a composite run step needs shell: bash")
            if "${{" in s["run"]:
                fail(f"{where}: an expression inside run: is pasted into the script; pass it through env:")
        check_text(yaml.safe_dump({k: v for k, v in s.items() if k != "run"}), where, seen_ids)
        if "id" in s:
            seen_ids.add(s["id"])
    for name, out in ACTION.get("outputs", {}).items():
        check_text(out["value"], f"output '{name}'", all_ids)


# --- Running steps ---
class Runner:
    def __init__(self, inputs, github, workspace):
        self.inputs = {k: str(v.get("default", "")) for k, v in ACTION["inputs"].items()}
        self.inputs.update(inputs)
        self.github = github
        self.workspace = workspace
        self.outputs = {}

    def resolve(self, text):
        def one(m):
            expr = m.group(1)
            if expr.startswith("inputs."):
                return self.inputs[expr[len("inputs."):]]
            m2 = re.fullmatch(r"steps\.([\w-]+)\.outputs\.([\w-]+)", expr)
            if m2:
                return self.outputs.get(m2.group(1), {}).get(m2.group(2), "")
            if expr.startswith("github."):
                return self.github[expr[len("github."):]]
            raise KeyError(f"cannot resolve ${{{{ {expr} }}}}")
        return EXPR.sub(one, str(text))

    def condition(self, s):
        cond = s.get("if")
        if cond is None:
            return True
        # The two shapes action.yml uses: `a == 'x' && (b == 'y' || b == 'z')` and `x != ''`.
        py = re.sub(r"([\w.-]+\.[\w.-]+)", lambda m: repr(self.resolve("${{ " + m.group(1) + " }}")), cond)
        return eval(py.replace("&&", " and ").replace("||", " or "))

    def run(self, name, extra_env=None):
        s = step(name)
        if not self.condition(s):
            return None
        env = dict(os.environ)
        env.update({k: self.resolve(v) for k, v in s.get("env", {}).items()})
        env.update(extra_env or {})
        out = tempfile.NamedTemporaryFile(delete=False)
        out.close()
        env.update(GITHUB_OUTPUT=out.name, GITHUB_WORKSPACE=self.workspace, RUNNER_OS="Linux",
                   RUNNER_TEMP=self.github["runner_temp"], GITHUB_SERVER_URL=self.github["server_url"],
                   GITHUB_REPOSITORY=self.github["repository"])
        cwd = os.path.join(self.workspace, self.resolve(s.get("working-directory", ".")))
        script = tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False)
        script.write(s["run"])
        script.close()
        p = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", script.name],
                           cwd=cwd, env=env, capture_output=True, text=True)
        outs = {}
        for line in open(out.name):
            if "=" in line:
                k, v = line.rstrip("\n").split("=", 1)
                outs[k] = v
        os.unlink(out.name)
        os.unlink(script.name)
        if "id" in s:
            self.outputs[s["id"]] = outs
        return p.returncode, outs, p.stdout + p.stderr


def expect(cond, msg, log=""):
    if not cond:
        fail(msg + ("\n" + log if log else ""))


def git(*args, cwd):
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def main():
    static_checks()
    tmp = tempfile.mkdtemp(prefix="navgraph-action.")
    # The steps write git config --global (safe.directory): keep it in the temporary folder.
    os.environ["GIT_CONFIG_GLOBAL"] = os.path.join(tmp, "gitconfig")
    os.environ.setdefault("GIT_AUTHOR_NAME", "action-check")
    os.environ.setdefault("GIT_AUTHOR_EMAIL", "action-check@localhost")
    os.environ.setdefault("GIT_COMMITTER_NAME", "action-check")
    os.environ.setdefault("GIT_COMMITTER_EMAIL", "action-check@localhost")
    try:
        run_all(tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if failures:
        print(f"action-check: {len(failures)} failure(s)", file=sys.stderr)
        sys.exit(1)
    print("action-check: OK")


def run_all(tmp):
    ws = os.path.join(tmp, "workspace")
    os.makedirs(ws)
    runner_temp = os.path.join(tmp, "runner-temp")
    os.makedirs(runner_temp)
    github = {"action_path": ROOT, "action_repository": "", "base_ref": "", "event_name": "push",
              "token": "fake-token", "runner_temp": runner_temp, "server_url": "file://" + os.path.join(tmp, "server"),
              "repository": "acme/app"}

    print("== Install graphviz (already here: must do nothing and pass)")
    rc, _, log = Runner({}, github, ws).run("Install graphviz")
    expect(rc == 0, f"Install graphviz exited {rc}", log)

    print("== Find navgraph's sources: the action's own files, and a `version` cloned from the action's repository")
    r = Runner({}, github, ws)
    rc, outs, log = r.run("Find navgraph's sources")
    expect(rc == 0 and outs.get("dir") == ROOT and re.fullmatch(r"[0-9a-f]{20}", outs.get("key", "")),
           f"own sources: rc {rc}, outputs {outs}", log)
    # A remote action lives in .../_actions/OWNER/REPO/REF; `version` clones OWNER/REPO at that ref.
    server_repo = os.path.join(tmp, "server", "acme", "navgraph.git")
    os.makedirs(os.path.dirname(server_repo))
    git("clone", "--quiet", "--bare", "--no-hardlinks", ROOT, server_repo, cwd=tmp)
    git("tag", "v9.9.9-test", "HEAD", cwd=server_repo)
    remote_action = os.path.join(tmp, "_work", "_actions", "acme", "navgraph", "v1")
    os.makedirs(remote_action)
    gh2 = dict(github, action_path=remote_action)
    rc, outs, log = Runner({"version": "v9.9.9-test"}, gh2, ws).run("Find navgraph's sources")
    expect(rc == 0 and os.path.isfile(os.path.join(outs.get("dir", "/nonexistent"), "Package.swift")),
           f"version input: rc {rc}, outputs {outs}", log)

    print("== Build navgraph (an exact cache hit with its binary: no build)")
    src = os.path.join(tmp, "src")
    os.makedirs(os.path.join(src, ".build", "release"))
    shutil.copy(NAVGRAPH, os.path.join(src, ".build", "release", "navgraph"))
    r = Runner({}, github, ws)
    r.outputs["src"] = {"dir": src}
    r.outputs["cache"] = {"cache-hit": "true"}
    rc, outs, log = r.run("Build navgraph")
    expect(rc == 0 and outs.get("navgraph") == os.path.join(src, ".build/release/navgraph"),
           f"Build navgraph: rc {rc}, outputs {outs}", log)
    built = {"navgraph": NAVGRAPH}

    print("== navgraph check")
    for f in ("ShopApp.yml", "Broken.yml"):
        shutil.copy(os.path.join(ROOT, "Examples", f), ws)

    def check(inputs):
        r = Runner(inputs, github, ws)
        r.outputs["build"] = built
        rc, outs, log = r.run("navgraph check")
        return r, rc, outs, log

    _, rc, outs, log = check({"path": "ShopApp.yml"})
    expect(rc == 0 and outs.get("exit-code") == "0", f"clean app: rc {rc}, outputs {outs}", log)
    r, rc, outs, log = check({"path": "Broken.yml", "report": "sarif:out/navgraph.sarif\njunit:out/junit.xml"})
    expect(rc == 0 and outs.get("exit-code") == "1", f"broken app: the step must pass with exit-code=1, got rc {rc}, {outs}", log)
    expect("::error file=Broken.yml,line=" in log, "broken app: no github-actions annotations in the log", log)
    for rep, needle in (("out/navgraph.sarif", '"version": "2.1.0"'), ("out/junit.xml", "<testsuite")):
        path = os.path.join(ws, rep)
        expect(os.path.isfile(path) and needle in open(path).read(), f"report {rep} not written")
    rc, _, log = r.run("Verdict")
    expect(rc == 1, f"Verdict after findings (fail-on default) must fail, exited {rc}", log)
    r, rc, outs, log = check({"path": "Broken.yml", "fail-on": "never"})
    rc2, _, log2 = r.run("Verdict")
    expect(rc == 0 and rc2 == 0, f"fail-on never: check {rc}, verdict {rc2}", log + log2)
    # A config that is strict, and fail-on error overriding it (--no-strict): ShopApp has no warnings, so
    # use a registry with one warning only.
    with open(os.path.join(ws, "warn.yml"), "w") as f:
        f.write("navgraph: 1\napp: W\nentries: [{feature: A}]\nroutes: [{id: unused}]\n"
                "handlers: [{name: H, routes: {unused: A}}]\nfeatures: [{name: A}]\n")
    _, rc, outs, log = check({"path": "warn.yml"})
    expect(outs.get("exit-code") == "0" and "::warning file=warn.yml" in log, f"warn.yml should have a warning and pass: {outs}", log)
    _, rc, outs, log = check({"path": "warn.yml", "fail-on": "warning", "reporter": "xcode"})
    expect(outs.get("exit-code") == "1" and "--strict" in log, f"fail-on warning: {outs}", log)
    with open(os.path.join(ws, ".navgraph.yml"), "w") as f:
        f.write("strict: true\n")
    _, rc, outs, log = check({"path": "warn.yml"})
    expect(outs.get("exit-code") == "1", f"fail-on empty follows strict: true in .navgraph.yml: {outs}", log)
    _, rc, outs, log = check({"path": "warn.yml", "fail-on": "error"})
    expect(outs.get("exit-code") == "0", f"fail-on error overrides strict: true: {outs}", log)
    os.unlink(os.path.join(ws, ".navgraph.yml"))
    _, rc, outs, log = check({"path": "missing.yml"})
    expect(rc == 2 and outs.get("exit-code") == "2", f"missing registry: the step must fail with 2, got rc {rc}, {outs}", log)
    _, rc, _, log = check({"path": "ShopApp.yml", "fail-on": "sometimes"})
    expect(rc == 2 and "fail-on must be" in log, f"bad fail-on: rc {rc}", log)
    _, rc, outs, log = check({"path": "Broken.yml", "args": "--flag siri_shortcuts=on --reporter summary"})
    expect(outs.get("exit-code") == "1" and "--flag siri_shortcuts=on" in log, f"args input: {outs}", log)

    print("== navgraph diff against the base branch, the comment, the diff verdict (a pull request)")
    origin = os.path.join(tmp, "origin.git")
    seed = os.path.join(tmp, "seed")
    os.makedirs(seed)
    git("init", "--quiet", "-b", "main", cwd=seed)
    shutil.copy(os.path.join(ROOT, "Examples/diff/base.yml"), os.path.join(seed, "app.yml"))
    git("add", "app.yml", cwd=seed)
    git("commit", "--quiet", "-m", "base", cwd=seed)
    git("clone", "--quiet", "--bare", seed, origin, cwd=tmp)
    pr = os.path.join(tmp, "pr")
    git("clone", "--quiet", "file://" + origin, pr, cwd=tmp)
    git("checkout", "--quiet", "-b", "feature", cwd=pr)
    shutil.copy(os.path.join(ROOT, "Examples/diff/removed-handler/head.yml"), os.path.join(pr, "app.yml"))
    git("commit", "--quiet", "-am", "drop the cart handler", cwd=pr)
    git("update-ref", "-d", "refs/remotes/origin/main", cwd=pr)  # as actions/checkout leaves a PR: no base ref
    ghpr = dict(github, event_name="pull_request", base_ref="main")
    r = Runner({"path": "app.yml", "diff-comment": "true", "diff-fail-on": "unreachable"}, ghpr, pr)
    r.outputs["build"] = built
    rc, outs, log = r.run("navgraph check")
    rc, outs, log = r.run("navgraph diff against the base branch")
    md = outs.get("markdown", "")
    expect(rc == 0 and md and os.path.isfile(md), f"diff step: rc {rc}, outputs {outs}", log)
    text = open(md).read() if md and os.path.isfile(md) else ""
    expect("CartRouteHandler" in text and "```mermaid" in text, "the diff comment does not name the removed handler", text[:2000])
    rc, _, log = r.run("Verdict")
    expect(rc == 1 and "diff-fail-on" in log, f"Verdict: diff-fail-on unreachable must fail on a stranded screen, exited {rc}", log)
    r_off = Runner({"path": "app.yml", "diff-comment": "true"}, dict(github, event_name="push"), pr)
    r_off.outputs["build"] = built
    expect(r_off.run("navgraph diff against the base branch") is None, "the diff step ran on a push")

    comment = step("Comment on the pull request")
    expect(comment.get("uses", "").startswith("actions/github-script@"), "the comment step is not actions/github-script")
    if shutil.which("node") and md:
        check_comment_script(comment["with"]["script"], md, tmp)
    else:
        print("   (node not installed: the comment script was not run)")


def check_comment_script(script, md, tmp):
    """The github-script body against a fake API: creates one comment, then updates it, never a second."""
    harness = os.path.join(tmp, "comment.js")
    with open(harness, "w") as f:
        f.write("""
const comments = [{id: 7, body: 'LGTM'}];
const calls = [];
const github = {
  paginate: async (fn, args) => { calls.push(['list', args.issue_number]); return comments.slice(); },
  rest: { issues: {
    listComments: 'listComments',
    createComment: async (a) => { calls.push(['create', a.issue_number]); comments.push({id: 99, body: a.body}); },
    updateComment: async (a) => { calls.push(['update', a.comment_id]); comments.find(c => c.id === a.comment_id).body = a.body; },
  } },
};
const context = { repo: { owner: 'acme', repo: 'app' }, issue: { number: 42 } };
const run = new Function('github', 'context', 'require', 'process', 'return (async () => {' + process.argv[2] + '})();');
(async () => {
  await run(github, context, require, process);
  await run(github, context, require, process);
  console.log(JSON.stringify({calls, comments}));
})().catch(e => { console.error(e); process.exit(1); });
""")
    p = subprocess.run(["node", harness, script], env=dict(os.environ, NAVGRAPH_DIFF=md), capture_output=True, text=True)
    if p.returncode != 0:
        fail("the comment script failed in node:\n" + p.stderr)
        return
    result = json.loads(p.stdout)
    calls = [c[0] for c in result["calls"]]
    bodies = [c["body"] for c in result["comments"]]
    expect(calls == ["list", "create", "list", "update"], f"comment: expected create then update, got {result['calls']}")
    expect(len(bodies) == 2 and bodies[1].startswith("<!-- navgraph-diff -->\n") and bodies[1].endswith(open(md).read()),
           "comment: the posted body is not the marker plus the diff")
    print("   comment script: created once, updated on the next push (fake GitHub API in node)")


if __name__ == "__main__":
    main()
