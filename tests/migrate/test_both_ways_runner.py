"""The shared program runner of ``both_ways.run_programs`` (one ``run_programs.py --serve`` child per test
process): calls share it, each gets its own programs' answer (a program's prints cannot pass for one), and a call
that overruns its timeout kills it, so the next call never reads the late answer of an earlier one."""

from __future__ import annotations

import pytest

import both_ways

pytestmark = pytest.mark.timeout(300)

# plain Python programs (no graph needed): the runner's protocol is what is under test
SAYS = '''
import sys


def main(data_dir):
    print("{\\"not\\": \\"an answer\\"}")
    print("{\\"nor\\": \\"this\\"}", file=sys.stderr)
    return {"batches": [[WHAT]], "end": "done"}
'''
SLOW = '''
import time


def main(data_dir):
    time.sleep(120)
    return {"batches": [["late"]], "end": "done"}
'''


def _program(folder, name: str, text: str) -> str:
    path = folder / f"{name}.py"
    path.write_text(text)
    return str(path)


def test_calls_share_one_child_and_a_call_that_overruns_leaves_no_answer_behind(tmp_path):
    one = _program(tmp_path, "one", SAYS.replace("WHAT", "1"))
    two = _program(tmp_path, "two", SAYS.replace("WHAT", "2"))
    both_ways._RUNNER.close()  # a fresh child, far from its renewal (programs other files ran in it count)
    first = both_ways.run_programs([one], tmp_path, make_data=False)
    child = both_ways._RUNNER.child
    second = both_ways.run_programs([two, one], tmp_path, make_data=False)
    assert both_ways._RUNNER.child is child and child.poll() is None  # the same child answered both
    assert first[one]["batches"] == [[1]] and second[two]["batches"] == [[2]] and second[one]["batches"] == [[1]]

    slow = _program(tmp_path, "slow", SLOW)
    with pytest.raises(AssertionError, match="no answer in 2 s"):
        both_ways.run_programs([slow], tmp_path, make_data=False, timeout=2)
    assert child.poll() is not None and both_ways._RUNNER.child is None  # killed, not left answering later
    third = both_ways.run_programs([two], tmp_path, make_data=False)
    assert set(third) == {two} and third[two]["batches"] == [[2]]  # a new child's own answer
    assert both_ways._RUNNER.child is not child


def test_the_tests_of_a_process_share_its_child(tmp_path, monkeypatch):
    """pytest names each running test in ``PYTEST_CURRENT_TEST``: a new test is no new environment for the child
    (a variable any program could read still is)."""
    one = _program(tmp_path, "one", SAYS.replace("WHAT", "1"))
    both_ways.run_programs([one], tmp_path, make_data=False)
    child = both_ways._RUNNER.child
    monkeypatch.setenv("PYTEST_CURRENT_TEST", "tests/migrate/test_other.py::test_next (call)")
    assert both_ways.run_programs([one], tmp_path, make_data=False)[one]["batches"] == [[1]]
    assert both_ways._RUNNER.child is child and child.poll() is None
    monkeypatch.setenv("TFDATA_BRIDGE_SOMETHING", "1")
    both_ways.run_programs([one], tmp_path, make_data=False)
    assert both_ways._RUNNER.child is not child
