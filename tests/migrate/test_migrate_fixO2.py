"""A feeding function handed its enqueue op, close op and placeholders as parameters (round 75's "fjord" form): the
queue's pieces come from a helper's return tuple unpacked at the caller (this module's helper, or another module's,
inlined at each of its calls, one per module: ``feed_builders.py`` / ``builder_inline.py``), and the thread hands
them over by a tuple ``args=``, a list ``args=`` with ``kwargs=``, or a target lambda calling the function
(``feed/lambda_targets.py`` spells it ``target=fn, args=(...)`` where every argument reads the same value when the
thread runs); a class handing ``self.enqueue_op``, ``self.close_op`` and its placeholders by ``args=`` to a module
function or to its own method has them read on ``self`` there (``feed/self_args.py``), the class form's. The
generator is the feeding loop with the enqueue a ``yield``. Left, with the reason: a lambda reading a name bound
again after the thread is made, an enqueue op set on ``self`` twice, a feeding function another module of the tree
imports (it stays a module function), an enqueue op the program also runs itself, a parameter holding a placeholder
bound again in the feeding function. The programs of ``fixO2_programs/`` are migrated as one tree and run against
their originals."""

from __future__ import annotations

import os
import shutil

import pathlib

import pytest

from both_ways import assert_delivers_the_same, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixO2_programs"
REWRITTEN = ["helper_tuple_args_padded.py", "kwargs_list_fifo.py", "other_module_helper_lambda_up_to.py",
             "cls_module_fn_padded.py", "cls_method_list_args.py", "second_caller_many.py"]
RUN = ["other_module_helper_lambda_up_to.py", "cls_module_fn_padded.py", "cls_method_list_args.py"]  # (both ways)
LEFT = {"lambda_rebound_left.py": "the thread's target is a lambda",
        "enqueue_also_run_left.py": "the enqueue op is not run by exactly one feeding function",
        "param_rebound_left.py": "`q` is used other than by enqueue, close and one dequeue",
        "cls_attr_set_twice_left.py": "`self.queue.enqueue` in `__init__` is not part of the feed-thread pattern",
        "cls_fn_imported_left.py": "the feeding method uses the session `sess` for more than the enqueue"}


@pytest.mark.timeout(300)
def test_ops_and_placeholders_handed_as_parameters_become_the_generator(tmp_path):
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    original, migrated = tmp_path / "original", tmp_path / "migrated"
    shutil.copytree(PROGRAMS, original, ignore=shutil.ignore_patterns("__pycache__"))
    sources = {str(p): p.read_text() for p in sorted(original.rglob("*.py"))}
    code, notes = {}, {}
    for path, result in rewrite_tree(sources, root=str(original)).items():
        out = migrated / os.path.relpath(path, original)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(result.code)
        code[out.name] = result.code
        notes[out.name] = " ".join(n.message for n in result.notes if n.kind == "refused") if result.refused else ""
    assert {n for n, why in notes.items() if why} == set(LEFT), notes
    for name, why in LEFT.items():
        assert why in notes[name], (name, notes[name])
        assert "tf.data" not in code[name], code[name]
    for name in REWRITTEN:
        body = code[name].split('"""', 2)[-1]
        assert "from_generator" in body and "Queue(" not in body and "Thread(" not in body, body
        assert "sess.run(" not in body.split("def main")[0], body  # (the feeding function's runs: yields now)
        assert "placeholder(" not in body, body
    assert "padded_batch(2, drop_remainder=True)" in code["helper_tuple_args_padded.py"]
    assert "padded_batch(3, drop_remainder=False)" in code["other_module_helper_lambda_up_to.py"]
    assert ".batch(4, drop_remainder=False)" in code["kwargs_list_fifo.py"]
    assert "def feed_rows(n):" in code["other_module_helper_lambda_up_to.py"]  # (the ops' parameters went)
    assert "def make_fed_queue" not in code["queues.py"]  # (inlined at both its calls, one per module)
    assert ".batch(2, drop_remainder=True)" in code["second_caller_many.py"] or \
        "padded_batch(2, drop_remainder=True)" in code["second_caller_many.py"], code["second_caller_many.py"]
    for name in ("cls_module_fn_padded.py", "cls_method_list_args.py"):  # (a method of the class now, on self)
        assert "    def feed_loop(self, n):" in code[name] and "args=" not in code[name].split('"""', 2)[-1]
    assert "padded_batch(batch, drop_remainder=True)" in code["cls_module_fn_padded.py"]
    assert "\ndef feed_loop" not in code["cls_module_fn_padded.py"]
    assert "def feed_loop(sess, op, close_op" in code["cls_attr_set_twice_left.py"]  # (left as it was)
    assert "\ndef feed_loop(sess, op, close_op" in code["cls_fn_imported_left.py"]  # (``o2_lib/uses_feed`` imports it)
    pairs = {n[:-3]: (original / n, migrated / n) for n in RUN}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end=None)
