"""A headless Chromium driven through chromedriver's W3C WebDriver protocol (plain HTTP and
JSON, so no client library is needed): for the players' page tests and screenshots.

Debian's ``chromium`` and ``chromium-driver`` packages; :data:`MISSING` says why a test
cannot run where they are not installed.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

CHROMIUM = next(
    (p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if p), None
)
DRIVER = shutil.which("chromedriver")
MISSING = (
    "no chromium here (apt-get install chromium)"
    if CHROMIUM is None
    else "no chromedriver here (apt-get install chromium-driver)"
    if DRIVER is None
    else ""
)

PHONE = (390, 844)
DESKTOP = (1280, 800)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Browser:
    """One headless browser window of *size* CSS pixels; *phone* emulates a phone's screen
    (touch, the page's ``viewport`` meta honoured) at *scale* device pixels per CSS pixel."""

    def __init__(
        self, size: tuple[int, int] = PHONE, *, phone: bool = True, scale: float = 1.0
    ) -> None:
        assert CHROMIUM is not None and DRIVER is not None, MISSING
        port = _free_port()
        self._base = f"http://127.0.0.1:{port}"
        self._driver = subprocess.Popen(
            [DRIVER, f"--port={port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        self._wait_ready()
        width, height = size
        args = ["--headless=new", "--disable-gpu", "--hide-scrollbars", "--no-first-run"]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            args.append("--no-sandbox")  # Chromium refuses its sandbox to root
        options: dict[str, Any] = {"binary": CHROMIUM, "args": args}
        if phone:
            metrics = {"width": width, "height": height, "pixelRatio": scale, "touch": True}
            options["mobileEmulation"] = {"deviceMetrics": metrics}
        caps = {"capabilities": {"alwaysMatch": {"goog:chromeOptions": options}}}
        try:
            self._session = self._call("POST", "/session", caps)["sessionId"]
            if not phone:
                # The viewport itself (a window's size would include what the window draws).
                metrics = {"width": width, "height": height, "deviceScaleFactor": scale}
                self._in(
                    "POST",
                    "/goog/cdp/execute",
                    {
                        "cmd": "Emulation.setDeviceMetricsOverride",
                        "params": {**metrics, "mobile": False},
                    },
                )
        except BaseException:
            self._driver.kill()
            self._driver.wait()
            raise

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if self._call("GET", "/status").get("ready"):
                    return
            except (OSError, urllib.error.URLError):
                pass
            time.sleep(0.1)
        raise RuntimeError("chromedriver did not start")

    def _call(self, method: str, path: str, body: object | None = None) -> Any:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self._base + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return json.loads(response.read())["value"]
        except urllib.error.HTTPError as exc:
            raise RuntimeError(f"webdriver {method} {path}: {exc.read()[:500]!r}") from None

    def _in(self, method: str, path: str, body: object | None = None) -> Any:
        return self._call(method, f"/session/{self._session}{path}", body)

    def open(self, url: str) -> None:
        self._in("POST", "/url", {"url": url})

    def run(self, script: str, *args: object) -> Any:
        """The value of *script* (a function body: ``return …``) in the page."""
        return self._in("POST", "/execute/sync", {"script": script, "args": list(args)})

    def type_into(self, css: str, text: str) -> None:
        found = self._in("POST", "/element", {"using": "css selector", "value": css})
        element = next(iter(found.values()))
        self._in("POST", f"/element/{element}/value", {"text": text})

    def screenshot(self, target: Path) -> None:
        target.write_bytes(base64.b64decode(self._in("GET", "/screenshot")))

    def wait_for(self, script: str, seconds: float = 20.0) -> Any:
        """Poll *script* until it returns something true; that value (else TimeoutError)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            value = self.run(script)
            if value:
                return value
            time.sleep(0.2)
        raise TimeoutError(f"not true within {seconds} s: {script}")

    def close(self) -> None:
        try:
            self._in("DELETE", "")
        finally:
            self._driver.terminate()
            self._driver.wait(timeout=30)

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
