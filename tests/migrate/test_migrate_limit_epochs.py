"""``train.limit_epochs`` over in-memory arrays, batched with ``enqueue_many=True`` (held-out round 8,
``limit_epochs_arrays``: "`limit_epochs(X, n_epochs)` is a TensorFlow op that may give another value at each
run"). Legacy (checked on TF 2.21): each run of the enqueue op counts every ``limit_epochs`` once, so the data
arrives ``min(num_epochs)`` times, rows paired, then the queue closes. The rewrite: ``from_tensor_slices``
``.repeat(min(num_epochs))``; data reaching the batch through a parameter is followed to every call.
"""

from __future__ import annotations

import pytest
from both_ways import assert_delivers_the_same, run_both_ways, write_pair

from tfdata_bridge.migrate import rewrite, scan_source

IMPORTS = {  # (imports, the module that has train.limit_epochs / train.shuffle_batch / constant)
    "v1": ("import tensorflow.compat.v1 as tf", "tf"),
    "tf2_style": ("import tensorflow as tf", "tf.compat.v1"),
    "from_train": ("import tensorflow as tf\nfrom tensorflow.compat.v1 import train", None),
}

PROGRAM = '''\
import os

import numpy as np
{imports}


def load_arrays(path):
    data = np.loadtxt(path, delimiter=",", skiprows=1, dtype=np.float32)
    return data[:, :2], data[:, 2].astype(np.int64)


def batch_training(X, Y, batch_size, n_epochs):
{limits}
    X_batch, Y_batch = {train}.{api}({tensors}, batch_size, {more}enqueue_many=True,
                                       allow_smaller_final_batch=True)
    return X_batch, Y_batch


def main(data_dir):
    features, labels = load_arrays(os.path.join(data_dir, "table-0.csv"))
    X_batch, Y_batch = batch_training({v1}.constant(features[:11]), {v1}.constant(labels[:11]), batch_size=4,
                                      n_epochs={epochs})
    batches = []
    with {v1}.train.MonitoredTrainingSession() as sess:
        while not sess.should_stop():
            x, y = sess.run([X_batch, Y_batch])
            batches.append([x.tolist(), y.tolist()])
    return {{"batches": batches, "end": "should_stop"}}
'''

FORMS = {  # name: (limits, tensors, epochs passed, the repeat the rewrite gives)
    "both_rebound": ("    X = {train}.limit_epochs(X, n_epochs, name='X_lim')\n"
                     "    Y = {train}.limit_epochs(Y, num_epochs=n_epochs)", "[X, Y]", "2", ".repeat(n_epochs)"),
    "inline_one": ("    pass", "[{train}.limit_epochs(X, 3), Y]", "2", ".repeat(3)"),
    "different_literals": ("    x_lim = {train}.limit_epochs(X, 3)\n    y_lim = {train}.limit_epochs(Y, 2)",
                           "[x_lim, y_lim]", "2", ".repeat(2)"),
}


def _program(imports: str, form: str, api: str = "batch", **changes) -> str:
    head, v1 = IMPORTS[imports]
    train = "train" if v1 is None else f"{v1}.train"
    limits, tensors, epochs, _ = FORMS[form]
    more = "100, 1, seed=7, " if api == "shuffle_batch" else ""
    fields = dict(imports=head, train=train, v1=v1 or "tf.compat.v1", api=api, more=more, epochs=epochs,
                  limits=limits.format(train=train), tensors=tensors.format(train=train))
    fields.update(changes)
    return PROGRAM.format(**fields)


def _messages(result) -> str:
    return " | ".join(n.message for n in result.notes)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("imports", sorted(IMPORTS))
@pytest.mark.parametrize("form", sorted(FORMS))
def test_limited_in_memory_data_becomes_its_rows_repeated_the_fewest_epochs(imports, form):
    result = rewrite(_program(imports, form), to="tfdata")
    assert not result.refused, _messages(result)
    code = result.code
    assert ".from_tensor_slices((X, Y))" in code and f"{FORMS[form][3]}\n" in code
    assert "limit_epochs(" not in code and "enqueue_many=" not in code
    assert {f.api.rsplit(".", 1)[-1] for f in scan_source(code)} == {"MonitoredTrainingSession"}  # kept: it runs


@pytest.mark.timeout(60)
@pytest.mark.parametrize("change, why", [
    (("    return X_batch, Y_batch", "    return X_batch, Y_batch, X"), "`X` (a `limit_epochs` tensor) is also "
                                                                        "read outside this batch"),
    (("Y = tf.train.limit_epochs(Y, num_epochs=n_epochs)", "Y = tf.train.limit_epochs(Y, num_epochs=batch_size)"),
     "num_epochs batch_size, n_epochs"),
    (("n_epochs, name='X_lim'", "0, name='X_lim'"), "num_epochs=0: legacy raises"),
    (("(X, n_epochs, name='X_lim')", "(tf.random_uniform([11, 2]), n_epochs)"), "may give another value"),
    (("tf.constant(features[:11])", "tf.random_uniform([11, 2])"), "`X` of `batch_training`: "),
    (("    return {", "    train_fn = batch_training\n    return {"), "is used other than by a direct call"),
    (("def main(data_dir):", "def other(x):\n    return batch_training(x, x, 1, 1)\n\n\ndef main(data_dir):"),
     "`X` of `batch_training`: `x` is not bound once before the batch"),
])
def test_limited_data_that_may_differ_or_count_elsewhere_is_refused(change, why):
    source = _program("v1", "both_rebound").replace(*change)
    assert change[1] in source
    result = rewrite(source, to="tfdata")
    assert "tf.train.batch(" in result.code and "limit_epochs(" in result.code
    assert why in _messages(result), _messages(result)


@pytest.mark.timeout(400)
def test_the_migrated_programs_deliver_what_their_originals_deliver(tmp_path):
    cases = {f"{form}_{imports}": (imports, form, api, compare)
             for imports, form, api, compare in [
                 ("v1", "both_rebound", "batch", "exact"), ("tf2_style", "inline_one", "batch", "exact"),
                 ("from_train", "different_literals", "batch", "exact"),
                 ("tf2_style", "both_rebound", "shuffle_batch", "multiset")]}
    pairs = {}
    for name, (imports, form, api, _) in cases.items():
        source = _program(imports, form, api)
        result = rewrite(source, to="tfdata")
        assert not result.refused, (name, _messages(result))
        pairs[name] = write_pair(tmp_path, name, source, result.code)
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data", timeout=380).items():
        assert_delivers_the_same(name, want, got, cases[name][3], end="should_stop")  # the monitored loop's end


@pytest.mark.timeout(60)
@pytest.mark.parametrize("other, why", [
    ("", None),
    ("import tensorflow.compat.v1 as tf\nfrom pkg.train import batch_training\n\n\ndef noisy():\n"
     "    return batch_training(tf.random_uniform([4, 2]), tf.zeros([4]), 2, 1)\n",
     "`X` is a parameter of `batch_training`, which another module of the tree uses"),
])
def test_in_a_tree_a_parameter_is_followed_only_when_no_other_module_uses_its_function(tmp_path, other, why):
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    pkg = tmp_path / "pkg"
    files = {str(pkg / "__init__.py"): "", str(pkg / "train.py"): _program("v1", "both_rebound"),
             str(pkg / "other.py"): other}
    result = rewrite_tree(files, root=str(tmp_path))[str(tmp_path / "pkg" / "train.py")]
    if why is None:
        assert not result.refused and "limit_epochs(" not in result.code, _messages(result)
    else:
        assert why in _messages(result) and "limit_epochs(" in result.code, _messages(result)
