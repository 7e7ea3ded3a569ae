"""Every Python block of the README runs as written, each in a fresh interpreter."""

from __future__ import annotations

import os
import pathlib
import re
import subprocess
import sys

import pytest

README = pathlib.Path(__file__).resolve().parents[1] / "README.md"
BLOCKS = re.findall(r"^```python\n(.*?)^```", README.read_text(), flags=re.S | re.M)


def test_the_readme_has_python_blocks():
    assert len(BLOCKS) >= 4


@pytest.mark.timeout(240)
@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_a_readme_block_runs(index, tmp_path):
    env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "2"}
    result = subprocess.run([sys.executable, "-c", BLOCKS[index]], cwd=tmp_path, capture_output=True, text=True,
                            timeout=200, env=env)
    assert result.returncode == 0, f"README block {index}:\n{BLOCKS[index]}\n{result.stderr[-3000:]}"
