"""Every Python block of the README and of docs/ runs as written, each in a fresh interpreter.

(A ```py block is an excerpt that is not meant to run alone; ```python blocks are whole programs.)"""

from __future__ import annotations

import os
import pathlib
import re
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def _blocks(page: pathlib.Path) -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", page.read_text(), flags=re.S | re.M)


BLOCKS = [block for page in PAGES for block in _blocks(page)]


def test_the_readme_has_python_blocks():
    assert len(_blocks(ROOT / "README.md")) >= 3
    assert len(BLOCKS) > len(_blocks(ROOT / "README.md"))  # docs/ has runnable blocks too


@pytest.mark.timeout(240)
@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_a_readme_block_runs(index, tmp_path):
    env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "2"}
    result = subprocess.run([sys.executable, "-c", BLOCKS[index]], cwd=tmp_path, capture_output=True, text=True,
                            timeout=200, env=env)
    assert result.returncode == 0, f"block {index}:\n{BLOCKS[index]}\n{result.stderr[-3000:]}"
