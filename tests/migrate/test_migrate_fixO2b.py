"""A feeding thread made in ``__init__`` and kept on the instance (``self.thread = Thread(target=..., args=...)``),
started by another method (``start()``, ``run()``, ``__enter__``) and joined anywhere, another module included
(round 75's "parsnip" form): the enqueue and close ops local names of ``__init__`` handed by ``args=`` are kept on
``self`` (``feed/self_args.py``), the feeding function becomes the generator, what the thread was given is kept
where ``args=`` was evaluated and the attribute becomes a thread that runs nothing, so its start, joins,
``is_alive()`` and ``daemon`` work as before (``feed/init_thread.py``). A starter that returned the thread it kept
on ``self`` (or a list of them kept there) keeps returning that attribute, a started idle thread (or an empty list),
so its callers' joins work (``feed/starter.py``). A component the enqueue computes from a placeholder it also takes
bare (``tf.shape(ph)[0]`` inline or bound to a name, ``tf.size(ph)``, ``tf.cast(self.ph, ...)``) is computed by a
``map`` after ``from_generator``, in the queue's component order, ``padded_batch`` padding as the queue did
(``feed/wraps.py``). Left, with the reason: the thread's attribute set again by another
method; a fed queue a builder returns that the caller hands to another module's class, which dequeues it (round 75's
"fjord"), the note naming that call. The programs of ``fixO2b_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import os
import pathlib
import shutil

import pytest

from both_ways import assert_delivers_the_same, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixO2b_programs"
REWRITTEN = ["feeders.py", "init_thread_method_enter.py", "init_thread_run_list_args.py",
             "starter_returns_self_thread.py", "derived_len_padded.py", "derived_class_cast.py"]
RUN = ["init_thread_other_module_joined.py", "starter_returns_self_thread.py", "derived_len_padded.py"]
LEFT = {"init_thread_set_twice_left.py": "`feed` is not the target of a thread made in one method of the class",
        "handed_to_class_left.py": "`main` hands the queue to `model.PairInputs(...)`, which reads it there"}


@pytest.mark.timeout(300)
def test_a_thread_made_in_init_and_started_elsewhere_becomes_an_idle_thread_beside_the_generator(tmp_path):
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
        assert "from_generator" in body and "Queue(" not in body and "placeholder(" not in body, body
        assert "target=" not in body and "args=" not in body, body  # (no thread feeds now)
    feeders = code["feeders.py"]
    assert "self._pump_args = [(rows,)]" in feeders and "self.thread = Thread(daemon=True)" in feeders, feeders
    assert "enqueue_op" not in feeders and "close_op" not in feeders, feeders  # (the local ops went)
    assert "    def _pump(self, rows):" in feeders, feeders
    enter = code["init_thread_method_enter.py"]
    assert 'self.worker = th.Thread(name="stream-fill")' in enter and "self._fill_args = [(count,)]" in enter
    assert "self.worker.start()" in enter and "self.worker.join()" in enter, enter
    listed = code["init_thread_run_list_args.py"]
    assert "self.feeding = threading.Thread()" in listed and "return self.feeding" in listed, listed
    returned = code["starter_returns_self_thread.py"]
    assert "self.thread = threading.Thread(daemon=True)\n        self.thread.start()\n        return self.thread" \
        in returned, returned
    assert "self.threads = []\n        return self.threads" in returned, returned
    assert "t.join()" in returned and "each.join()" in returned, returned  # (the callers' joins stay and work)
    padded = code["derived_len_padded.py"]
    assert ".map(lambda c0, c1, c2, c3: (c0, tf.shape(c1)[0], c2, tf.size(c3)))" in padded, padded
    assert ".padded_batch(2, drop_remainder=True)" in padded and "src_len" not in padded.split("def main")[1]
    cast = code["derived_class_cast.py"]
    assert ".map(lambda c0, c1, c2: (c0, tf.shape(c1)[0], tf.cast(c2, tf.float32)))" in cast, cast
    pairs = {n[:-3]: (original / n, migrated / n) for n in RUN}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end=None)
