"""``recognize(source)``: one outcome per pipeline end, the same decision ``rewrite(..., to="tfdata")`` makes."""

from __future__ import annotations

import pathlib

from tfdata_bridge._src.migrate.recognize import recognize
from tfdata_bridge.migrate import rewrite

PROGRAMS = pathlib.Path(__file__).resolve().parents[1] / "legacy_programs"


def test_recognize_reports_a_rewritten_pipeline_at_its_batch_call():
    source = (PROGRAMS / "tfrecord_shuffle_batch.py").read_text()
    [outcome] = recognize(source)
    line = next(i for i, text in enumerate(source.splitlines(), 1) if "tf.train.shuffle_batch(" in text)
    assert (outcome.line, outcome.api, outcome.rewritten) == (line, "train.shuffle_batch", True)
    assert "shuffle_batch" in outcome.reason


def test_recognize_reports_a_refused_pipeline_with_the_reason_rewrite_gives():
    source = (PROGRAMS / "tfrecord_shuffle_batch.py").read_text().replace("capacity=200,", "capacity=200, shared_name='q',")
    [outcome] = recognize(source)
    assert not outcome.rewritten
    assert "shared_name" in outcome.reason
    assert any(outcome.reason in n.message for n in rewrite(source, to="tfdata").refused)


def test_recognize_finds_nothing_without_tensorflow():
    assert recognize("x = 1\n") == []


def test_the_shuffle_note_names_the_capacity_argument_as_written():
    """The note says the window as the call wrote it: a number, or a name ("capacity=capacity", which had
    printed as "capacity capacity")."""
    source = (PROGRAMS / "tfrecord_shuffle_batch.py").read_text()
    named = source.replace("capacity=200,", "capacity=capacity,").replace(
        "def ", "capacity = 200\n\n\ndef ", 1)
    for text, shown in ((source, "capacity=200"), (named, "capacity=capacity")):
        [note] = [n.message for n in rewrite(text, to="tfdata").notes if "shuffle order" in n.message]
        assert f"(window: {shown})" in note
