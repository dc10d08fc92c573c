"""A small Chrome DevTools Protocol client over --remote-debugging-pipe (no network, no packages):
Debian's chromium, headless, with the protocol on file descriptors 3 (commands) and 4 (replies)."""
import json
import os
import shutil
import subprocess
import tempfile
import time


def chromium_path():
    """Debian's chromium: the binary itself (the /usr/bin/chromium wrapper is a shell script)."""
    for p in (os.environ.get("CHROMIUM"), "/usr/lib/chromium/chromium", shutil.which("chromium"),
              shutil.which("chromium-browser")):
        if p and os.path.exists(p):
            return p
    raise SystemExit("chromium is not installed (scripts/setup.sh installs it)")


class Browser:
    def __init__(self, width=1400, height=860):
        self.profile = tempfile.mkdtemp(prefix="navgraph-chromium-")
        to_child_r, self._to_child = os.pipe()
        self._from_child, from_child_w = os.pipe()

        def wire():  # in the child: the pipe ends as fds 3 and 4, inheritable
            a, b = os.dup(to_child_r), os.dup(from_child_w)
            os.dup2(a, 3)
            os.dup2(b, 4)

        args = [chromium_path(), "--headless", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
                "--disable-sync", "--disable-component-update", "--allow-file-access-from-files",
                f"--user-data-dir={self.profile}", f"--window-size={width},{height}", "about:blank"]
        self.proc = subprocess.Popen(args, preexec_fn=wire, close_fds=False, stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_child_r)
        os.close(from_child_w)
        self._buf = b""
        self._next = 0
        self.events = []
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable", session=True)
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}, session=True)

    def _read(self, deadline):
        while b"\0" not in self._buf:
            if time.time() > deadline:
                raise TimeoutError("chromium did not answer in time")
            chunk = os.read(self._from_child, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed the DevTools pipe")
            self._buf += chunk
        raw, self._buf = self._buf.split(b"\0", 1)
        return json.loads(raw)

    def call(self, method, params=None, session=False, timeout=60):
        self._next += 1
        msg = {"id": self._next, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = self.session
        os.write(self._to_child, json.dumps(msg).encode() + b"\0")
        deadline = time.time() + timeout
        while True:
            reply = self._read(deadline)
            if reply.get("id") == self._next:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def js(self, expression, timeout=60):
        """The value of a JavaScript expression in the page (awaited when a promise)."""
        r = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True},
                      session=True, timeout=timeout)
        if "exceptionDetails" in r:
            raise RuntimeError(f"page script failed: {r['exceptionDetails']}")
        return r["result"].get("value")

    def goto(self, url, ready="document.body && document.body.dataset.ready === '1'", timeout=60):
        self.events.clear()
        self.call("Page.navigate", {"url": url}, session=True)
        deadline = time.time() + timeout
        while time.time() < deadline:
            try:
                if self.js(f"!!({ready})"):
                    return
            except RuntimeError:
                pass
            time.sleep(0.05)
        raise TimeoutError(f"{url} was not ready in {timeout} s")

    def page_errors(self):
        """Uncaught exceptions, console errors and dialogs seen since the last navigation."""
        out = []
        for e in self.events:
            m = e.get("method")
            if m == "Runtime.exceptionThrown":
                out.append(e["params"]["exceptionDetails"].get("text", "exception"))
            elif m == "Log.entryAdded" and e["params"]["entry"]["level"] == "error":
                out.append(e["params"]["entry"]["text"])
            elif m == "Runtime.consoleAPICalled" and e["params"]["type"] == "error":
                out.append(str(e["params"]["args"]))
            elif m == "Page.javascriptDialogOpening":
                out.append("dialog: " + e["params"]["message"])
        return out

    def click(self, x, y):
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1},
                      session=True)

    def click_element(self, selector):
        box = self.js(f"(() => {{ const e = document.querySelector({json.dumps(selector)}); if (!e) return null;"
                      " e.scrollIntoView({block: 'nearest'}); const r = e.getBoundingClientRect();"
                      " return [r.left + r.width / 2, r.top + r.height / 2]; })()")
        if box is None:
            raise AssertionError(f"no element {selector}")
        self.click(*box)

    def key(self, key, code=None, text=None, keycode=0):
        params = {"type": "keyDown", "key": key, "code": code or key, "windowsVirtualKeyCode": keycode}
        if text:
            params["text"] = text
        self.call("Input.dispatchKeyEvent", params, session=True)
        self.call("Input.dispatchKeyEvent", {"type": "keyUp", "key": key, "code": code or key,
                                             "windowsVirtualKeyCode": keycode}, session=True)

    def type(self, text):
        self.call("Input.insertText", {"text": text}, session=True)

    def screenshot(self, path):
        import base64
        data = self.call("Page.captureScreenshot", {"format": "png"}, session=True)["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def dark(self, on):
        features = [{"name": "prefers-color-scheme", "value": "dark" if on else "light"}]
        self.call("Emulation.setEmulatedMedia", {"features": features}, session=True)

    def close(self):
        try:
            self.call("Browser.close", timeout=10)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for fd in (self._to_child, self._from_child):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)
