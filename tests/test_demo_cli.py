"""The ``tfdata-bridge`` command: ``--help``, and ``demo --quick`` showing what the demo promises."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tfdata_bridge.cli import main


def test_help_exits_zero_and_lists_demo(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    assert exit_info.value.code == 0
    assert "demo" in capsys.readouterr().out


def test_no_command_prints_usage_and_fails(capsys):
    assert main([]) == 2
    assert "usage: tfdata-bridge" in capsys.readouterr().err


def test_demo_quick_shows_spec_explain_trace_and_throughput(capsys):
    assert main(["demo", "--quick"]) == 0
    out = capsys.readouterr().out
    # the spec, and explain(spec)'s tf.data code for it
    assert "queue:     fifo, capacity 2" in out
    assert "tf.data.Dataset.from_generator(lambda: _groups(_elements_0())" in out  # the grouped form
    assert "dataset = dataset.unbatch()" in out
    assert "value = get_numpy_tensors()" in out
    assert "dataset = dataset.batch(2, drop_remainder=True)" in out
    # the f/r trace: production went on after consumption began
    traces = re.findall(r"^\s+([fr]{10,})$", out, flags=re.MULTILINE)
    assert len(traces) == 1, out
    trace = traces[0]
    assert trace.count("r") == 10
    assert trace.index("r") < trace.rindex("f"), trace
    # throughput: the legacy queue, then the bridge with its ratio
    rates = re.findall(r"^\s+(legacy|bridge): .*?([\d,]+) elements/s", out, flags=re.MULTILINE)
    assert [name for name, _ in rates] == ["legacy", "bridge"], out
    assert all(int(rate.replace(",", "")) > 0 for _, rate in rates)
    assert re.search(r"elements/s\s+\(\d+\.\dx\)", out)


def test_python_dash_m_runs_the_cli():
    result = subprocess.run([sys.executable, "-m", "tfdata_bridge", "--help"], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    assert "usage: tfdata-bridge" in result.stdout
