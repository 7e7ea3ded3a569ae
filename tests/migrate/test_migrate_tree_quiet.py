"""A tree's modules that no rewrite can change are left unread: a part of the tree, linked by imports either way,
where no module uses a legacy queue API stays as it is, and libcst never parses it (most of a real code base has
no queue code; a migrated tree, migrated again, has none left). A module with no queue API of its own that a
pipeline module imports, or that imports one, is still rewritten with it. And a module whose second-pass
rewrite would be its first pass's (no helper of its own replaced, nothing refused since) is rewritten once."""

from __future__ import annotations

import textwrap

import libcst as cst

from tfdata_bridge._src.migrate import to_tfdata
from tfdata_bridge._src.migrate.tree import rewrite_tree

PIPELINE = '''\
import tensorflow.compat.v1 as tf

from readers.decode import read_and_decode


def inputs(files):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    x, label = read_and_decode(queue)
    return tf.train.batch([x, label], batch_size=4)
'''

READERS = '''\
import tensorflow.compat.v1 as tf

from readers.features import FEATURES, scale


def read_and_decode(filename_queue):
    _, serialized = tf.TFRecordReader().read(filename_queue)
    features = tf.parse_single_example(serialized, features=FEATURES)
    return scale(features["x"]), features["label"]
'''

# no queue API here, but the reader module imports it: read with the tree (its names are the pipeline's)
FEATURES = '''\
import tensorflow.compat.v1 as tf

FEATURES = {"x": tf.FixedLenFeature([3], tf.float32), "label": tf.FixedLenFeature([], tf.int64)}


def scale(x):
    return x * 2.0
'''

# a model and its own helpers: TensorFlow, but no queue; nothing links them to the pipeline's modules
MODEL = '''\
import tensorflow.compat.v1 as tf

from layers.dense import stack


def logits(x):
    return stack(tf.cast(x, tf.float32), [8, 2])
'''

DENSE = '''\
import tensorflow.compat.v1 as tf


def stack(x, widths):
    for w in widths:
        x = tf.layers.dense(x, w)
    return x
'''


def _tree(tmp_path, files: dict[str, str]) -> dict[str, str]:
    out = {}
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
        out[str(path)] = path.read_text()
    return out


def test_a_part_of_the_tree_with_no_queue_code_is_left_unparsed_and_the_rest_is_rewritten_as_alone(tmp_path,
                                                                                                    monkeypatch):
    pipeline = {"pipeline.py": PIPELINE, "readers/__init__.py": "", "readers/decode.py": READERS,
                "readers/features.py": FEATURES}
    alone = rewrite_tree(_tree(tmp_path / "alone", pipeline), root=str(tmp_path / "alone"))
    parsed: list[str] = []
    real_parse = cst.parse_module
    monkeypatch.setattr(cst, "parse_module", lambda text, *a, **k: parsed.append(text) or real_parse(text, *a, **k))
    texts = _tree(tmp_path / "whole", {**pipeline, "model.py": MODEL, "layers/__init__.py": "",
                                       "layers/dense.py": DENSE})
    whole = rewrite_tree(texts, root=str(tmp_path / "whole"))
    by_name = {p.split("whole/")[1]: r for p, r in whole.items()}
    for name in ("model.py", "layers/dense.py"):
        assert by_name[name].code == by_name[name].source and not by_name[name].notes, name
    assert not any("def logits" in t or "def stack" in t for t in parsed)  # libcst never read them
    assert any("def scale" in t for t in parsed)  # linked to the pipeline: read with it
    # the pipeline's modules are rewritten exactly as on their own
    for name in pipeline:
        [twin] = [r for p, r in alone.items() if p.endswith(name)]
        assert by_name[name].code == twin.code and by_name[name].notes == twin.notes, name
    assert "tf.data" in by_name["pipeline.py"].code and "TFRecordReader" not in by_name["readers/decode.py"].code
    assert by_name["readers/features.py"].code == FEATURES


def test_a_tree_migrated_again_is_left_whole_and_unparsed(tmp_path, monkeypatch):
    pipeline = {"pipeline.py": PIPELINE, "readers/__init__.py": "", "readers/decode.py": READERS,
                "readers/features.py": FEATURES}
    once = rewrite_tree(_tree(tmp_path / "once", pipeline), root=str(tmp_path / "once"))
    migrated = _tree(tmp_path / "again", {p.split("once/")[1]: r.code for p, r in once.items()})
    parsed: list[str] = []
    real_parse = cst.parse_module
    monkeypatch.setattr(cst, "parse_module", lambda text, *a, **k: parsed.append(text) or real_parse(text, *a, **k))
    again = rewrite_tree(migrated, root=str(tmp_path / "again"))
    assert all(r.code == r.source and not r.notes for r in again.values())
    assert parsed == []


def test_a_module_is_rewritten_once_when_its_second_pass_would_repeat_its_first(tmp_path, monkeypatch):
    depth, top = [0], []
    real_run = to_tfdata.run

    def counting(module, *args, **kwargs):
        if depth[0] == 0:
            top.append(module)
        depth[0] += 1
        try:
            return real_run(module, *args, **kwargs)
        finally:
            depth[0] -= 1

    monkeypatch.setattr(to_tfdata, "run", counting)
    one = PIPELINE.replace("from readers.decode import read_and_decode\n", "").replace(
        "    x, label = read_and_decode(queue)\n", "    _, x = tf.TextLineReader().read(queue)\n").replace(
        "[x, label]", "[x]")
    texts = _tree(tmp_path, {"one.py": one, "two.py": one.replace("inputs", "other_inputs")})
    result = rewrite_tree(texts, root=str(tmp_path))
    assert all("tf.data" in r.code and not r.refused for r in result.values())
    assert len(top) == 2  # pass 1 once per module; pass 2 took pass 1's (nothing of theirs replaced or refused)
