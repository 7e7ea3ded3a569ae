"""A test's scenario run in a fresh Python: the test file runs itself as a script, which prints one line
``RESULT <json>``; ``results_of`` returns that JSON (the child's output in the failure message if none)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any


def results_of(script: str, timeout: float, *args: str) -> Any:
    """Run ``script`` with ``args`` in a fresh Python (at most ``timeout`` seconds); its ``RESULT`` JSON."""
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="2", PYTHONUNBUFFERED="1")
    child = subprocess.run([sys.executable, script, *args], capture_output=True, text=True, env=env, timeout=timeout)
    lines = [line for line in child.stdout.splitlines() if line.startswith("RESULT ")]
    assert lines, child.stdout[-2000:] + child.stderr[-3000:]
    return json.loads(lines[-1][len("RESULT "):])
