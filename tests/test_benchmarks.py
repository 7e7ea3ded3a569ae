"""The benchmark harness runs end to end and writes the JSON it promises (figures are not checked here:
they depend on the machine; benchmarks/README.md has a run's results)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.timeout(330)  # the run's own 300 s bound is the hang guard (the 120 s default fell on loaded machines)
def test_quick_run_writes_every_case_and_variant(tmp_path):
    out = tmp_path / "bench.json"
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "run.py"), "--quick", "--repeats", "1", "--json", str(out)],
        capture_output=True, text=True, timeout=300, cwd=ROOT,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    doc = json.loads(out.read_text())
    found = {(c["name"], c["variant"]) for c in doc["cases"]}
    for name in ("seed1_feed", "seed2_pyfunc"):
        assert {(name, v) for v in ("legacy", "tfdata", "grouped", "bridge", "ceiling")} <= found
    assert {("overlap", "bridge"), ("overlap", "ceiling")} <= found
    dropin = ["seed1_dropin"] + [f"seed2_dropin_{kind}_t{n}" for kind in ("pyfunc", "numpy") for n in (1, 4)]
    for name in dropin:
        assert {(name, "legacy"), (name, "bridge")} <= found
    for case in doc["cases"]:
        assert case["elements_per_s"] > 0 and len(case["runs"]) == 1
    bridge = next(c for c in doc["cases"] if (c["name"], c["variant"]) == ("seed1_feed", "bridge"))
    assert {"ratio_vs_legacy", "ratio_vs_tfdata", "ratio_vs_grouped", "ratio_vs_ceiling"} <= set(bridge)
    overlap = next(c for c in doc["cases"] if (c["name"], c["variant"]) == ("overlap", "bridge"))
    assert overlap["max_s"] < overlap["sum_s"] and overlap["ratio_wall_to_max"] > 0
    assert {t["target"].split()[0] for t in doc["targets"]} >= {"seed1_feed", "seed2_pyfunc", "overlap",
                                                                "seed2_dropin_numpy", *dropin}
    assert {t["target"] for t in doc["targets"]} >= {"seed1_feed bridge/grouped >= 1", "seed2_pyfunc bridge/grouped >= 1"}
    for name in dropin:  # the drop-in's figures sit beside the legacy queue's
        case = next(c for c in doc["cases"] if (c["name"], c["variant"]) == (name, "bridge"))
        assert case["ratio_vs_legacy"] > 0 and case["paired_ratio_vs_legacy"] > 0
    lifted = next(c for c in doc["cases"] if (c["name"], c["variant"]) == ("seed2_dropin_pyfunc_t4", "bridge"))
    assert lifted["runner_threads"] == 0 and lifted["scaling_t4_vs_t1"] > 0  # the producer was lifted
    assert set(doc["dropin"]["scaling_t4_vs_t1"]) == {"pyfunc legacy", "pyfunc bridge", "numpy legacy", "numpy bridge"}
    index = ["index_t1", "index_t4", "python_t1", "python_t4", "tfdata_map", "tfdata_batched"]
    assert {(c, v) for c in ("index_cheap", "index_gil") for v in index} | {("index_gil", "workers2")} <= found
    for case in doc["cases"]:
        if case["name"].startswith("index_"):  # start-up counted: the first batch came within the run
            assert 0 < case["first_batch_s_median"] <= case["seconds"][0]
    assert doc["index_source"]["index_cheap"]["index_t1/python_t1 (paired)"] > 0
    assert any(t["target"].startswith("index_cheap index_t1/python_t1") for t in doc["targets"])
    assert doc["machine"]["blas_threads"]["OPENBLAS_NUM_THREADS"] == "1"
    assert doc["machine"]["cores"] >= 1 and doc["machine"]["tensorflow"]
    assert "elements/s" in result.stdout and "bridge/legacy" in result.stdout and "t4/t1" in result.stdout
