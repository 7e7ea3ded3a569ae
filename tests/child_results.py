"""A test's scenario run in a fresh Python: the test file runs itself as a script, which prints one line
``RESULT <json>``; ``results_of`` returns that JSON (the child's output in the failure message if none)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any


def child_env(**extra: str) -> dict[str, str]:
    """The environment for a test file run as a script from its layer folder: quiet TensorFlow, unbuffered
    output, and ``tests/`` on the path so that the child imports the shared helpers as the test did."""
    tests = os.path.dirname(os.path.abspath(__file__))
    path = os.pathsep.join(p for p in (tests, os.environ.get("PYTHONPATH", "")) if p)
    return dict(os.environ, TF_CPP_MIN_LOG_LEVEL="2", PYTHONUNBUFFERED="1", PYTHONPATH=path, **extra)


def results_of(script: str, timeout: float, *args: str) -> Any:
    """Run ``script`` with ``args`` in a fresh Python (at most ``timeout`` seconds); its ``RESULT`` JSON."""
    env = child_env()
    child = subprocess.run([sys.executable, script, *args], capture_output=True, text=True, env=env, timeout=timeout)
    lines = [line for line in child.stdout.splitlines() if line.startswith("RESULT ")]
    assert lines, child.stdout[-2000:] + child.stderr[-3000:]
    return json.loads(lines[-1][len("RESULT "):])
